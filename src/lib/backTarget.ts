import { isLocalPath } from './localPath';
import { isRouteKey, routes, routeKeyOfPathname, type RouteKey } from './routes';

/**
 * Where the top bar's back button goes (spec §2): the `pathnameToReturn` query parameter, else the
 * `backPathKey` query parameter (a route key), else the current page's configured back key
 * ('parent' = the nearest parent level of the current URL that is a page; null = no back button).
 */
export type Query = Record<string, string | string[] | undefined>;

export interface BackInput {
  /** Next's `router.pathname`, the page's path template, e.g. `/patients/edit/[patientId]`. */
  pathname: string;
  /** Next's `router.asPath`, the real URL path with query. */
  asPath: string;
  query: Query;
}

/** A wrong back configuration of a page or link: thrown so it shows up during development. */
export class BackConfigurationError extends Error {
  constructor(message: string) {
    super(`Back button configuration error: ${message}`);
    this.name = 'BackConfigurationError';
  }
}

function single(query: Query, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw new BackConfigurationError(`query parameter ${name} must be a single value, got ${v.length} values`);
  return v === '' ? undefined : v;
}

const templates = Object.values(routes).map((r) => r.path.split('/').filter(Boolean));

function isPage(path: string): boolean {
  const segs = path.split('/').filter(Boolean);
  return templates.some((t) => t.length === segs.length && t.every((p, i) => p.startsWith('[') || p === segs[i]));
}

/** The nearest ancestor of `path` that is a page of the route table. */
export function parentPath(path: string): string | null {
  const segs = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  while (segs.length > 0) {
    segs.pop();
    const candidate = `/${segs.join('/')}`;
    if (isPage(candidate)) return candidate;
  }
  return null;
}

/** Fills a route's `[param]` segments from the current query (e.g. `patientId`). */
function pathOfKey(key: RouteKey, query: Query): string {
  return routes[key].path.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const v = query[name];
    if (typeof v !== 'string' || v === '') throw new BackConfigurationError(`missing target path: route ${key} needs parameter ${name}`);
    return encodeURIComponent(v);
  });
}

/**
 * The add-to-cart page goes back to the card of what is being added: the analysis in search (the
 * route table's back key), or for a profile its profile card.
 */
function addToCartBack(query: Query): string {
  const type = single(query, 'addableType');
  const id = single(query, 'addableId');
  if (!id) throw new BackConfigurationError('missing target path: add to cart needs addableId');
  if (type === 'profile') return pathOfKey('profileCard', { profileId: id });
  return pathOfKey('analysisInSearch', { ...query, analysisId: single(query, 'analysisId') ?? id });
}

/**
 * The back target as the top bar uses it. A broken configuration (array-valued `pathnameToReturn` or
 * `backPathKey`, an unknown key, a missing target) throws in development and tests, so it is fixed
 * before release; in production it is logged and the button leads home.
 */
export function backTargetOrHome(input: BackInput, production = process.env.NODE_ENV === 'production'): string | null {
  try {
    return backTarget(input);
  } catch (e) {
    if (!production || !(e instanceof BackConfigurationError)) throw e;
    console.error(e.message);
    return routes.home.path;
  }
}

export function backTarget({ pathname, asPath, query }: BackInput): string | null {
  const toReturn = single(query, 'pathnameToReturn');
  const backPathKey = single(query, 'backPathKey');
  if (toReturn !== undefined) {
    if (!isLocalPath(toReturn)) {
      throw new BackConfigurationError(`pathnameToReturn must be a path inside the shop, got "${toReturn}"`);
    }
    return toReturn;
  }
  if (backPathKey !== undefined) {
    if (!isRouteKey(backPathKey)) throw new BackConfigurationError(`unknown backPathKey "${backPathKey}"`);
    return pathOfKey(backPathKey, query);
  }
  const key = routeKeyOfPathname(pathname);
  if (!key) return null;
  if (key === 'addToCart') return addToCartBack(query);
  const back: string | null = routes[key].back;
  if (back === null) return null;
  if (back === 'parent') {
    const parent = parentPath(asPath);
    if (!parent) throw new BackConfigurationError(`missing target path: ${asPath} has no parent page`);
    return parent;
  }
  if (!isRouteKey(back)) throw new BackConfigurationError(`missing target path: page ${key} names unknown back key "${back}"`);
  return pathOfKey(back, query);
}
