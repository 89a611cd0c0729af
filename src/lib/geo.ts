/** Closest laboratory rule (spec §5): great-circle distance in miles, 69.09 miles per degree, rounded. */
export const MILES_PER_DEGREE = 69.09;

export interface Point {
  latitude: number;
  longitude: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance between two points in miles, rounded to a whole mile. */
export function distanceMiles(a: Point, b: Point): number {
  if (a.latitude === b.latitude && a.longitude === b.longitude) return 0;
  const cos =
    Math.sin(rad(a.latitude)) * Math.sin(rad(b.latitude)) +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(a.longitude - b.longitude));
  const angle = deg(Math.acos(Math.min(1, Math.max(-1, cos))));
  return Math.round(angle * MILES_PER_DEGREE);
}

export class NoLaboratoriesError extends Error {
  constructor() {
    super('No laboratories to choose from');
    this.name = 'NoLaboratoriesError';
  }
}

/** The item with the lowest rounded distance to `from` (the first one wins a tie); throws on an empty list. */
export function closest<T extends Point>(from: Point, items: readonly T[]): { item: T; miles: number } {
  let best: { item: T; miles: number } | null = null;
  for (const item of items) {
    const miles = distanceMiles(from, item);
    if (!best || miles < best.miles) best = { item, miles };
  }
  if (!best) throw new NoLaboratoriesError();
  return best;
}
