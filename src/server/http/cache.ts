import type { NextApiResponse } from 'next';

/**
 * Catalogue answers (laboratories, analyses, profiles) are the same for every caller and change
 * only when the catalogue is edited: shared caches may keep them for a minute and serve a stale copy
 * for five more while they refresh it. Answers that depend on the caller or on bookings stay
 * `no-store` (the route default).
 */
export function catalogueCache(res: NextApiResponse): void {
  res.setHeader('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
}

/** Resolves `answer` and marks it cacheable; errors (404, 400) are never marked. */
export async function cacheable<T>(res: NextApiResponse, answer: Promise<T>): Promise<T> {
  const value = await answer;
  catalogueCache(res);
  return value;
}
