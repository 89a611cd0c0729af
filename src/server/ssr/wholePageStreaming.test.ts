import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, lazy, Suspense } from 'react';
import { renderWholePagesInPlace } from './wholePageStreaming';

/** React's server renderer as Next's pages router loads it (Node's module cache). */
const server = createRequire(path.join(process.cwd(), 'package.json'))('react-dom/server.edge') as {
  renderToReadableStream(children: unknown, options?: Record<string, unknown>): Promise<ReadableStream & { allReady: Promise<void> }>;
};

/** A part of the page whose code arrives a moment later on the server (a lazily loaded component). */
const Late = lazy(() => new Promise<{ default: () => ReturnType<typeof createElement> }>((resolve) => setTimeout(() => resolve({ default: () => createElement('span', null, 'late') }), 5)));

/** A page like the shop's: Next's root element, everything inside `_app`'s Suspense boundary, ~45 kB of HTML. */
const page = createElement(
  'div',
  { id: '__next' },
  createElement(
    Suspense,
    { fallback: null },
    createElement(Late),
    createElement('main', null, ...Array.from({ length: 400 }, (_, i) => createElement('p', { key: i }, `Analysis ${i}: ${'text '.repeat(18)}`))),
  ),
);

async function html(options?: Record<string, unknown>): Promise<string> {
  const stream = await server.renderToReadableStream(page, options);
  await stream.allReady;
  return new Response(stream).text();
}

test("React's default sends a large page as a hidden segment that a script reveals", async () => {
  const out = await html({ progressiveChunkSize: 12_800 });
  expect(out).toMatch(/<div hidden id="S:0">/);
  expect(out).toContain('$RC(');
});

test('after start-up the page is sent in place: visible without any script', async () => {
  expect(renderWholePagesInPlace()).toBe(true);
  // Called again (a second instrumentation run) it wraps the renderer only once.
  renderWholePagesInPlace();
  const out = await html();
  expect(out).not.toMatch(/<div hidden id="S:/);
  expect(out).not.toContain('$RC(');
  expect(out.indexOf('<main>')).toBeLessThan(out.indexOf('Analysis 399'));
  expect(out).toMatch(/^<div id="__next"><!--\$--><span>late<\/span><main>/);
});
