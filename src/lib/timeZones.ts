/** Time zone of each country's laboratories (isomorphic: the server computes local days, pages show local times). */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  PL: 'Europe/Warsaw',
  BY: 'Europe/Minsk',
  LT: 'Europe/Vilnius',
};

/** The time zone of a laboratory in `country` (UTC for a country without one). */
export function timeZoneOfCountry(country: string | null | undefined): string {
  return COUNTRY_TIME_ZONES[country ?? ''] ?? 'UTC';
}
