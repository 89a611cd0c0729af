/** Types of scripts/compileHints.js (plain CommonJS, so next.config.js can require it). */
export declare const HINT: string;
export declare function addCompileHints(distDir: string): { hinted: string[]; already: number };
export declare function firstLoadChunks(distDir: string): string[];
