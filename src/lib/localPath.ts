/**
 * Whether a return target taken from a URL is a path inside the shop. Browsers drop tabs and line
 * breaks from URLs and read a backslash as a slash, so `/\t/evil.example` or `/\evil.example` would
 * lead off-site as `//evil.example`: any control character, space or backslash is refused, and what
 * is left must resolve to the same origin.
 */
export function isLocalPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (/[\u0000-\u0020\u007f\\]/.test(path)) return false;
  const base = 'http://shop.invalid';
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}
