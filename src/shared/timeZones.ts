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

/** The emergency number of each laboratory country (112 across the EU; 103 for an ambulance in Belarus). */
const EMERGENCY_NUMBERS: Record<string, string> = { PL: '112', LT: '112', BY: '103' };

/** The number to call in an emergency where the laboratory is (112 when the country is not listed). */
export function emergencyNumberOf(country: string | null | undefined): string {
  return EMERGENCY_NUMBERS[country ?? ''] ?? '112';
}
