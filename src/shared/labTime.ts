import { intlLocale } from '@/shared/i18n';

/**
 * Every date and time of a visit or a sample is shown in the laboratory's time zone (where the nurse
 * comes and the sample is taken), by these functions and nowhere else; when the device is in another
 * zone (a daughter abroad ordering for her mother) the zone is named after the time.
 */
export type LabTimeStyle = 'dateTime' | 'date' | 'longDate' | 'weekdayDate' | 'time' | 'weekday' | 'dayMonth';

const STYLES: Record<LabTimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  weekdayDate: { weekday: 'long', day: 'numeric', month: 'long' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekday: { weekday: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, timeZone: string, style: LabTimeStyle | 'zone'): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = style === 'zone' ? { timeZoneName: 'longGeneric' } : STYLES[style];
    f = new Intl.DateTimeFormat(intlLocale(language), { ...opts, ...(style === 'time' || style === 'dateTime' ? { hourCycle: 'h23' } : {}), timeZone: safeZone(timeZone) });
    formatters.set(key, f);
  }
  return f;
}

function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** An instant in the laboratory's zone, e.g. "24 Nov 2026, 08:00". */
export function formatLabTime(iso: string, language: string, timeZone: string, style: LabTimeStyle = 'dateTime'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatter(language, timeZone, style).format(d);
}

/**
 * The laboratories' zones named after their own cities (Intl names Europe/Minsk "Moscow Standard
 * Time", which a patient in Minsk does not call it); other zones keep Intl's generic name.
 */
const ZONE_NAMES: Record<string, Record<'en' | 'ru' | 'pl', string>> = {
  'Europe/Warsaw': { en: 'Warsaw time', ru: 'время Варшавы', pl: 'czas warszawski' },
  'Europe/Minsk': { en: 'Minsk time', ru: 'время Минска', pl: 'czas miński' },
  'Europe/Vilnius': { en: 'Vilnius time', ru: 'время Вильнюса', pl: 'czas wileński' },
};

/** The zone's name in the user's language, e.g. "Warsaw time", "время Минска" (Intl's name for another zone). */
export function zoneName(iso: string, language: string, timeZone: string): string {
  const own = ZONE_NAMES[timeZone];
  if (own) return own[language === 'ru' || language === 'pl' ? language : 'en'];
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return timeZone;
  return formatter(language, timeZone, 'zone').formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** True when the device shows the same wall-clock time as the laboratory at that instant. */
export function sameWallClock(iso: string, labZone: string, deviceZone: string | null): boolean {
  if (!deviceZone || deviceZone === labZone) return true;
  const at = (zone: string) => formatLabTime(iso, 'en', zone, 'dateTime');
  return at(labZone) === at(deviceZone);
}

/** The zone to name after a time: null when the device is in the same zone (or unknown, as on the server). */
export function zoneNote(iso: string, language: string, labZone: string, deviceZone: string | null): string | null {
  return sameWallClock(iso, labZone, deviceZone) ? null : zoneName(iso, language, labZone);
}

/** A visit window, e.g. "Tuesday, 24 November 2026, 08:00–10:00" (+ " (Central European Time)" from another zone). */
export function formatVisitWindow(start: string, end: string, language: string, timeZone: string, deviceZone: string | null = null, dayStyle: LabTimeStyle = 'longDate'): string {
  const from = formatLabTime(start, language, timeZone, 'time');
  const to = end && end !== start ? `–${formatLabTime(end, language, timeZone, 'time')}` : '';
  const window = `${formatLabTime(start, language, timeZone, dayStyle)}, ${from}${to}`;
  const note = zoneNote(start, language, timeZone, deviceZone);
  return note ? `${window} (${note})` : window;
}

/** The laboratory's calendar day (`YYYY-MM-DD`) of an instant. */
export function labDayKey(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: safeZone(timeZone), year: 'numeric', month: '2-digit', day: '2-digit' }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** The day `n` days after `key` (`YYYY-MM-DD`). */
export function addDaysToKey(key: string, n: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** A calendar day (`YYYY-MM-DD`, already a laboratory day) in the user's language. */
export function formatDayKey(key: string, language: string, style: LabTimeStyle): string {
  return formatLabTime(`${key}T12:00:00Z`, language, 'UTC', style);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const zone = safeZone(timeZone);
  let f = wallClocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    wallClocks.set(zone, f);
  }
  const parts = f.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The laboratory's wall-clock time (`HH:MM`, 24-hour) of an instant, as a time input holds it. */
export function labClock(iso: string | Date, timeZone: string): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  const wall = new Date(ms + zoneOffsetMs(ms, timeZone));
  return wall.toISOString().slice(11, 16);
}

/**
 * The instant (UTC ISO) of a wall-clock time `HH:MM` on a laboratory day `YYYY-MM-DD` in the
 * laboratory's zone, whatever the device's zone; null for a malformed day or time. A time that a
 * spring-forward change skips is read on the later side (02:30 becomes 03:30 summer time).
 */
export function labTimeToIso(dayKey: string, clock: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayKey);
  const c = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!d || !c) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(c[1]), Number(c[2]));
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  // Inside a skipped hour neither reading shows the asked clock; the later one is after the change.
  const at = labClock(new Date(second), timeZone) === clock ? second : Math.max(first, second);
  return new Date(at).toISOString();
}
