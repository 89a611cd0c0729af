import { intlLocale } from '@/shared/i18n';
import type { AccessRecordDto, AccessWhatDto } from '@/shared/types/audit';

/** One line of "Who opened your results": one person (or share link) on one day, with the times. */
export interface AccessDay {
  key: string;
  actorKind: AccessRecordDto['actorKind'];
  actorName: string | null;
  /** The day as the user's calendar shows it, e.g. "26 Nov 2026". */
  day: string;
  /** The times of that day, earliest first, e.g. ["09:12", "11:03"]. */
  times: string[];
  /** What was done, once each, in the order first seen (newest first). */
  /** `name`: the other person of a family member's access (`counterpartName`). */
  what: { what: AccessWhatDto; orderNumber: string; name?: string }[];
}

/**
 * Groups the access records (newest first, as the API pages them) into one line per person and day
 * in the user's time zone; the lines stay newest first. Records of a day split over two pages join
 * the same line once both pages are loaded.
 */
export function accessDays(records: AccessRecordDto[], language: string, timeZone?: string): AccessDay[] {
  const locale = intlLocale(language);
  const dayKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const dayText = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const timeText = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  const days = new Map<string, AccessDay & { stamps: number[] }>();
  for (const r of records) {
    const at = new Date(r.at);
    if (Number.isNaN(at.getTime())) continue;
    const key = `${dayKey.format(at)}|${r.actorKey}`;
    let line = days.get(key);
    if (!line) {
      line = { key, actorKind: r.actorKind, actorName: r.actorName, day: dayText.format(at), times: [], what: [], stamps: [] };
      days.set(key, line);
    }
    line.stamps.push(at.getTime());
    const orderNumber = r.orderNumber ?? '';
    if (!line.what.some((w) => w.what === r.what && w.orderNumber === orderNumber && w.name === (r.counterpartName ?? undefined))) line.what.push({ what: r.what, orderNumber, ...(r.counterpartName ? { name: r.counterpartName } : {}) });
  }
  return [...days.values()].map(({ stamps, ...line }) => ({
    ...line,
    times: [...new Set(stamps.sort((a, b) => a - b).map((s) => timeText.format(new Date(s))))],
  }));
}
