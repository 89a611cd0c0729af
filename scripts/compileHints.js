// @ts-check
/**
 * Marks the browser chunks every page runs at start-up with V8's file-wide compile hint,
 * `//# allFunctionsCalledOnLoad` (WICG "Explicit JavaScript Compile Hints", per-file part, on by
 * default in Chromium since 136).
 *
 * V8 compiles a function lazily, on the main thread, the first time it is called. Turbopack wraps
 * every module in a function that runs once, when the page instantiates it, so a first visit
 * parsed and compiled some 540 module functions inside the one task that instantiates the
 * first-load modules: 265-311 ms of its 470-520 ms at 4x CPU throttling (docs/benchmarks.md,
 * seventh round). With the hint, V8 compiles the whole file eagerly while it streams the script,
 * off the main thread. Browsers without the hint read a comment.
 *
 * Only first-load chunks (every page's files in build-manifest.json) get it: a chunk loaded on
 * demand may hold functions a visit never calls, and eager compilation of those is wasted work.
 *
 * Runs from `compiler.runAfterProductionCompile` in next.config.js, so every production build
 * (`npm run build`, the browser tests' and the benchmark's) has it; `node scripts/compileHints.js
 * [distDir]` applies it to an existing build. Applying it twice changes nothing.
 */
const fs = require('node:fs');
const path = require('node:path');

const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The first-load chunks of the build in `distDir`: every page's scripts in build-manifest.json.
 * @param {string} distDir absolute path of the build directory
 * @returns {string[]} paths relative to `distDir`
 */
function firstLoadChunks(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  /** @type {Set<string>} */
  const files = new Set();
  for (const list of Object.values(manifest.pages ?? {})) for (const f of /** @type {string[]} */ (list)) if (f.endsWith('.js')) files.add(f);
  for (const f of manifest.rootMainFiles ?? []) if (f.endsWith('.js')) files.add(f);
  return [...files];
}

/**
 * Prepends the hint to every first-load chunk of the build in `distDir`.
 * @param {string} distDir absolute path of the build directory
 * @returns {{ hinted: string[], already: number }} files given the hint now, and how many had it
 */
function addCompileHints(distDir) {
  const hinted = [];
  let already = 0;
  for (const rel of firstLoadChunks(distDir)) {
    const file = path.join(distDir, rel);
    const text = fs.readFileSync(file, 'utf8');
    if (text.startsWith(HINT)) {
      already += 1;
      continue;
    }
    fs.writeFileSync(file, HINT + text);
    hinted.push(rel);
  }
  return { hinted, already };
}

module.exports = { addCompileHints, firstLoadChunks, HINT };

if (require.main === module) {
  const distDir = path.resolve(process.argv[2] || process.env.NEXT_DIST_DIR || '.next');
  const { hinted, already } = addCompileHints(distDir);
  console.log(`Compile hints: ${hinted.length} first-load chunks marked, ${already} already marked (${distDir})`);
}
