import { useAppSelector } from '@/store/hooks';
import { timeZoneOfCountry } from '@/shared/timeZones';

/**
 * The active laboratory's time zone, for times that belong to no order (sessions, shared links,
 * staff lists): every time a person reads is on the laboratory's clock, never the device's.
 * Until the laboratory has loaded, the spec's default country (Poland).
 */
export function useLabTimeZone(): string {
  return useAppSelector((s) => s.lab.laboratory.data?.timeZone) ?? timeZoneOfCountry('PL');
}
