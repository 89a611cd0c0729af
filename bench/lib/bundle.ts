/**
 * First-load JavaScript of every page of a Next.js (pages router) build, read from the build's
 * `build-manifest.json`: the files of `/_app` plus the page's own files, i.e. the scripts the page's
 * HTML loads before it is interactive (no lazily imported chunks). Sizes are bytes on disk and gzip
 * level 9 (what a compressing server transfers), so the figures are deterministic for one build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface PageJs {
  page: string;
  files: number;
  raw: number;
  gzip: number;
}

interface BuildManifest {
  pages: Record<string, string[]>;
}

const gzipCache = new Map<string, number>();

function fileSizes(file: string): { raw: number; gzip: number } {
  const buf = fs.readFileSync(file);
  let gz = gzipCache.get(file);
  if (gz === undefined) {
    gz = zlib.gzipSync(buf, { level: 9 }).length;
    gzipCache.set(file, gz);
  }
  return { raw: buf.length, gzip: gz };
}

/** First-load JS of every page (not `/_app`, `/_error`, `/_document`) of the build in `distDir`. */
export function firstLoadJs(distDir: string): PageJs[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const app = manifest.pages['/_app'] ?? [];
  return Object.keys(manifest.pages)
    .filter((page) => !page.startsWith('/_'))
    .sort()
    .map((page) => {
      const files = [...new Set([...app, ...(manifest.pages[page] ?? [])])].filter((f) => f.endsWith('.js'));
      let raw = 0;
      let gzip = 0;
      for (const f of files) {
        const s = fileSizes(path.join(distDir, f));
        raw += s.raw;
        gzip += s.gzip;
      }
      return { page, files: files.length, raw, gzip };
    });
}

/** The `__NEXT_DATA__` JSON of a page's HTML, in bytes (0 when the page has none). */
export function nextDataBytes(html: string): number {
  const m = /<script id="__NEXT_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return m?.[1] ? Buffer.byteLength(m[1]) : 0;
}
