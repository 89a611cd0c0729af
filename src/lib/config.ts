/** Public (browser-visible) configuration. */
export const API_ROOT = (process.env.NEXT_PUBLIC_API_ROOT || '/api/backend/').replace(/\/?$/, '/');

/** Demo mapping of the six category pages to catalogue header ids (spec §3). */
export const DEFAULT_CATEGORIES: Record<string, string> = {
  autoimmune: '1',
  hormones: '2',
  allergology: '3',
  'general-blood-tests': '4',
  genetics: '5',
  diagnostics: '6',
};

export const CATEGORY_SLUGS = ['autoimmune', 'hormones', 'allergology', 'general-blood-tests', 'genetics', 'diagnostics'] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export function parseCategories(raw: string | undefined): Record<string, string> {
  if (!raw) return DEFAULT_CATEGORIES;
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('Invalid configuration NEXT_PUBLIC_CATEGORIES: expected a JSON object');
  }
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

export const CATEGORIES = parseCategories(process.env.NEXT_PUBLIC_CATEGORIES);
