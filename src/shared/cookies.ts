/**
 * The value of cookie `name` in a Cookie header (or `document.cookie`), as sent (not decoded);
 * null when the header has no such cookie, '' when it has one without a value.
 */
export function cookieValue(header: string | undefined | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
