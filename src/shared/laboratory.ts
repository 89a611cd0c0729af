import type { LaboratoryDto } from '@/shared/types/api';

/** The laboratory defaults of the spec's data model: a missing city, address or coordinate. */
export const LAB_DEFAULTS = { cityName: 'No city', address: 'No address', latitude: 0, longitude: 0 } as const;

type RawLaboratory = Partial<Record<keyof LaboratoryDto, unknown>> & { id: unknown };

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const coordinate = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/**
 * A laboratory as the front end uses it, whatever backend answered (the API root is configurable):
 * the id as a string, "No city" / "No address" for missing texts and 0 for missing coordinates.
 */
export function withLabDefaults(raw: RawLaboratory): LaboratoryDto {
  return {
    ...(raw as Partial<LaboratoryDto>),
    id: text(raw.id),
    cityName: text(raw.cityName) || LAB_DEFAULTS.cityName,
    email: text(raw.email),
    aboutLink: text(raw.aboutLink),
    address: text(raw.address) || LAB_DEFAULTS.address,
    latitude: coordinate(raw.latitude),
    longitude: coordinate(raw.longitude),
  };
}
