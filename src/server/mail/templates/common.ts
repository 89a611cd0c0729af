import type { TFunction } from 'i18next';
import { defaultLanguage, intlLocale } from '@/shared/i18n';
import { zoneName } from '@/shared/labTime';

/** Pieces shared by several mails. */

/** The language of an Intl locale ("pl-PL" → "pl"), for naming the zone. */
const languageOfLocale = (locale: string) => locale.slice(0, 2).toLowerCase();

/** A visit window such as "Monday, 23 November 2026, 08:00–10:00 (Warsaw time)", in `timeZone` (the laboratory's), its zone named once. */
export function formatVisit(start: string, end: string, timeZone: string, locale = intlLocale(defaultLanguage)): string {
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(start));
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day}, ${time.format(new Date(start))}–${time.format(new Date(end))} (${zoneName(start, languageOfLocale(locale), timeZone)})`;
}

/** An arrival window's times only, such as "08:10–08:40 (Minsk time)", in `timeZone` (the laboratory's). */
export function formatTimes(start: string, end: string, timeZone: string, locale = intlLocale(defaultLanguage)): string {
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${time.format(new Date(start))}–${time.format(new Date(end))} (${zoneName(start, languageOfLocale(locale), timeZone)})`;
}

export interface MailAddress {
  country: string;
  city: string;
  postalCode: string;
  street: string;
  entry: string;
  floor: string;
  apartment: string;
}

/** The visit address on one line (the intercom code never goes into a mail). */
export function addressLine(a: MailAddress, t: TFunction): string {
  return [
    a.street,
    a.entry && t('order.entrance', { value: a.entry }),
    a.floor && t('order.floor', { value: a.floor }),
    a.apartment && t('order.apartment', { value: a.apartment }),
    [a.postalCode, a.city].filter(Boolean).join(' '),
    a.country,
  ]
    .filter(Boolean)
    .join(', ');
}

export interface Preparation {
  fastingHours: number;
  notes: { name: string; preparation: string }[];
}

/** "How to prepare" lines: the strictest fasting of the order, then each test's own instruction. */
export function preparationLines(prep: Preparation, t: TFunction): string[] {
  return [prep.fastingHours > 0 ? t('order.fasting', { count: prep.fastingHours }) : t('order.noFasting'), ...prep.notes.map((n) => `${n.name}: ${n.preparation}`)];
}
