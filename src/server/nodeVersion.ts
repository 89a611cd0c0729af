/**
 * The oldest Node.js the shop runs on: Next.js 16 needs 20.9; every runtime dependency supports
 * Node 20 (ical-generator is kept on its 10.x line, the last for Node 20). Checked at start-up of the
 * server and of the command-line scripts, so an older Node stops with a clear message.
 */
export const MIN_NODE_VERSION = '20.9.0';

const parts = (v: string) => v.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);

/** The refusal for a Node.js older than MIN_NODE_VERSION, or null. */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const [a, b, c] = parts(version);
  const [x, y, z] = parts(MIN_NODE_VERSION);
  const older = (a ?? 0) - (x ?? 0) || (b ?? 0) - (y ?? 0) || (c ?? 0) - (z ?? 0);
  return older < 0 ? `Node.js ${MIN_NODE_VERSION} or newer is needed; this is ${version}.` : null;
}
