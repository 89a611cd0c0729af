/**
 * The shop's pages as the bench and `check:budgets` open them on the demo catalogue: one place for
 * the paths (the analysis and profile ids are read from the running shop) and for which of them a
 * cold visit is measured on.
 */
export const DEMO_LAB = 'warsaw-mokotow';
export const DEMO_SEARCH_TERM = 'tsh';

export type DemoPage = 'home' | 'search' | 'analysis' | 'profile' | 'category' | 'profiles' | 'cart' | 'login';
/** The pages whose cold visit is measured (bench) and held to its budget (`check:budgets`). */
export const COLD_VISIT_PAGES = ['home', 'search', 'category', 'analysis', 'profile', 'cart'] as const satisfies readonly DemoPage[];
export type ColdVisitPage = (typeof COLD_VISIT_PAGES)[number];

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Every page's path on the shop at `base`. */
export async function demoPages(base: string): Promise<Record<DemoPage, string>> {
  const [analysis] = await json<{ id: number }[]>(`${base}/api/backend/labService/search?searchNameTerm=${DEMO_SEARCH_TERM}&laboratoryId=${DEMO_LAB}`);
  const [profile] = await json<{ id: number }[]>(`${base}/api/backend/profiles?laboratoryId=${DEMO_LAB}`);
  if (!analysis || !profile) throw new Error('The demo catalogue has no analysis or profile');
  return {
    home: '/',
    search: `/search?q=${DEMO_SEARCH_TERM}`,
    analysis: `/search/analysis/${analysis.id}`,
    profile: `/profiles/${profile.id}`,
    category: '/categories/hormones',
    profiles: '/profiles',
    cart: '/order/cart',
    login: '/login',
  };
}

/** The cold-visit pages of `pages`, in `COLD_VISIT_PAGES`' order. */
export function coldVisitPages(pages: Record<DemoPage, string>): Record<ColdVisitPage, string> {
  return Object.fromEntries(COLD_VISIT_PAGES.map((p) => [p, pages[p]])) as Record<ColdVisitPage, string>;
}
