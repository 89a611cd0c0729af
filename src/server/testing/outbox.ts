import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads the `.eml` files of the outbox (development and tests): headers and the decoded plain-text
 * part, oldest first.
 */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** Decoded `text/calendar` and `application/ics` parts (the iCalendar invitation and its attachment). */
  calendars: { contentType: string; content: string }[];
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // Whitespace between two adjacent encoded words is folding, not text (RFC 2047 §6.2).
  return value.replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[BQ]\?)/gi, '$1').replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function header(head: string, name: string): string {
  const m = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'im').exec(head);
  return m?.[1] ? decodeHeader(m[1].replace(/\n[ \t]+/g, ' ').trim()) : '';
}

/** The plain-text body of a message (single part or the text/plain part of a multipart one). */
function plainText(raw: string): string {
  return partText(raw, 'text/plain');
}

/** The decoded body of the first part of this content type (the whole body when not multipart). */
function partText(raw: string, type: 'text/plain' | 'text/html'): string {
  const parts = raw.split(/\n--[^\n]+\n/);
  const candidates = parts.length > 1 ? parts : [raw];
  for (const part of candidates) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (parts.length > 1 && !new RegExp(`content-type: ${type}`, 'i').test(head)) continue;
    const body = rest.join('\n\n').replace(/\n--[^\n]*--\s*$/, '');
    const enc = header(head, 'Content-Transfer-Encoding').toLowerCase();
    if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
    if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  return '';
}

/** The HTML part of a delivered message, decoded ('' when it has none). */
export function htmlPart(source: string): string {
  const raw = source.replace(/\r\n/g, '\n');
  return raw.split(/\n--[^\n]+\n/).length > 1 ? partText(raw, 'text/html') : '';
}

function calendarParts(raw: string): { contentType: string; content: string }[] {
  const out: { contentType: string; content: string }[] = [];
  for (const part of raw.split(/\n--[^\n]+\n/)) {
    const [head = '', ...rest] = part.split(/\n\n/);
    const contentType = header(head, 'Content-Type');
    if (!/^(text\/calendar|application\/ics)/i.test(contentType)) continue;
    const body = rest.join('\n\n').replace(/\n--[^\n]*--\s*$/, '');
    const enc = header(head, 'Content-Transfer-Encoding').toLowerCase();
    const content = enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : enc === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
    out.push({ contentType, content });
  }
  return out;
}

/** Headers and decoded parts of one raw message (as written to the outbox or received over SMTP). */
export function parseMail(source: string): Omit<OutboxMail, 'file'> & { messageId: string } {
  const raw = source.replace(/\r\n/g, '\n');
  const head = raw.split(/\n\n/)[0] ?? '';
  return { to: header(head, 'To'), subject: header(head, 'Subject'), messageId: header(head, 'Message-ID'), text: plainText(raw), calendars: calendarParts(raw) };
}

export function readOutbox(dir: string): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => ({ file, ...parseMail(fs.readFileSync(path.join(dir, file), 'utf8')) }));
}
