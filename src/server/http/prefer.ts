import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * `Prefer: return=minimal` (RFC 7240 §4.2): the client asks for the least answer that tells it what
 * changed. Preferences are comma-separated, names and token values case-insensitive, a value may be
 * quoted; several Prefer headers count as one list.
 */
export function prefersMinimal(headers: IncomingHttpHeaders): boolean {
  const raw = headers.prefer;
  const list = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',');
  return list.some((pref) => {
    const [name, value] = (pref.split(';')[0] ?? '').split('=').map((x) => x.trim().replace(/^"(.*)"$/, '$1').toLowerCase());
    return name === 'return' && value === 'minimal';
  });
}

/**
 * Answers `handle(minimal)`, where `minimal` is the client's `Prefer: return=minimal`; a successful answer
 * that followed it says so (`Preference-Applied`, RFC 7240 §3), and every answer names the header it
 * depends on (`Vary: Prefer`). A refused request's error body is the same either way.
 */
export async function withPreference<T>(req: IncomingMessage, res: ServerResponse, handle: (minimal: boolean) => Promise<T>): Promise<T> {
  res.setHeader('Vary', 'Prefer');
  const minimal = prefersMinimal(req.headers);
  const answer = await handle(minimal);
  if (minimal) res.setHeader('Preference-Applied', 'return=minimal');
  return answer;
}
