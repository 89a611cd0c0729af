import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Server HTML with the page in place, not revealed later by a script.
 *
 * `_app` wraps the page in one Suspense boundary (in the browser, translated components wait there
 * for the language's chunk while the server HTML stays). React's server renderer (19.2+) "outlines"
 * a completed boundary once the HTML flushed so far exceeds `progressiveChunkSize` (12,800 bytes by
 * default): the page then arrives as `<template id="B:0">` (an empty placeholder) plus
 * `<div hidden id="S:0">` holding the whole page, and an inline `$RC` script reveals it on the next
 * animation frame. On a phone that frame waits for the page's JavaScript to be evaluated, so every
 * page painted its content only after its scripts ran (Lighthouse: LCP "render delay" 0.6-2.9 s,
 * the hero text or cookie banner moved into place at ~0.9 s at 4x CPU throttling).
 *
 * Next's pages router renders the page with `renderToReadableStream(element)` and waits for
 * `allReady` before sending anything, so progressive reveal gains nothing here: the option is set to
 * Infinity for every render. Next takes the renderer from `react-dom/server.edge` through Node's
 * module cache at request time; it is patched there once, at start-up (instrumentation.ts).
 */
export function renderWholePagesInPlace(root: string = process.cwd()): boolean {
  const requireFromApp = createRequire(path.join(root, 'package.json'));
  // The build Next uses with React 19 (it falls back to server.browser only for Reacts without it).
  const server = requireFromApp('react-dom/server.edge') as { renderToReadableStream?: RenderToReadableStream & { wholePage?: true } };
  const original = server.renderToReadableStream;
  if (!original) return false;
  if (original.wholePage) return true;
  const patched: RenderToReadableStream & { wholePage?: true } = (children, options) => original(children, { progressiveChunkSize: Number.POSITIVE_INFINITY, ...options });
  patched.wholePage = true;
  server.renderToReadableStream = patched;
  return true;
}

type RenderToReadableStream = (children: unknown, options?: Record<string, unknown>) => Promise<ReadableStream>;
