/**
 * A small MIME reader for the mails the app sends (nodemailer output): headers with RFC 2047
 * encoded words, multipart bodies, quoted-printable and base64 parts.
 */
export interface ParsedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link found in the text and HTML bodies, de-duplicated, in order. */
  links: string[];
  raw: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = idx === -1 ? raw : raw.slice(0, idx);
  const body = idx === -1 ? '' : raw.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(bytes: Buffer, charset: string): string {
  const cs = charset.toLowerCase();
  if (cs === 'utf-8' || cs === 'utf8' || cs === 'us-ascii' || cs === 'ascii') return bytes.toString('utf8');
  if (cs === 'iso-8859-1' || cs === 'latin1') return bytes.toString('latin1');
  try {
    return new TextDecoder(cs).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function qpToBuffer(s: string): Buffer {
  const noSoftBreaks = s.replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < noSoftBreaks.length; i++) {
    const ch = noSoftBreaks[i] as string;
    const hex = noSoftBreaks.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) out.push(b);
    }
  }
  return Buffer.from(out);
}

/** Decodes RFC 2047 encoded words (`=?utf-8?B?...?=` / `=?utf-8?Q?...?=`). */
export function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) => {
      const bytes = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpToBuffer(text.replace(/_/g, ' '));
      return decodeBytes(bytes, charset);
    });
}

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeBody(part: Part): string {
  const enc = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = param(part.headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  if (enc === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (enc === 'quoted-printable') return decodeBytes(qpToBuffer(part.body), charset);
  return part.body;
}

function collect(part: Part, acc: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mime = type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (mime.startsWith('multipart/')) {
    const boundary = param(type, 'boundary');
    if (!boundary) return;
    const pieces = part.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    for (const piece of pieces.slice(1)) {
      if (!piece.trim()) continue;
      collect(splitHeaders(piece), acc);
    }
    return;
  }
  const disposition = (part.headers.get('content-disposition') ?? '').toLowerCase();
  if (disposition.startsWith('attachment')) return;
  if (mime === 'text/plain' && !acc.text) acc.text = decodeBody(part);
  else if (mime === 'text/html' && !acc.html) acc.html = decodeBody(part);
}

const decodeEntities = (s: string): string =>
  s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export function extractLinks(text: string, html: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)) if (m[1]) links.push(decodeEntities(m[1]));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.push(m[0]);
  for (const m of html.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.push(decodeEntities(m[0]));
  return [...new Set(links.filter((l) => /^https?:\/\//.test(l)))];
}

export function parseMail(raw: string): ParsedMail {
  const root = splitHeaders(raw);
  const acc = { text: '', html: '' };
  collect(root, acc);
  return {
    to: decodeHeader(root.headers.get('to') ?? ''),
    from: decodeHeader(root.headers.get('from') ?? ''),
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: acc.text,
    html: acc.html,
    links: extractLinks(acc.text, acc.html),
    raw,
  };
}
