import { isLocalPath } from '@/lib/localPath';
import { isRouteKey, routePath, routes } from '@/lib/routes';

type Query = Record<string, string | string[] | undefined>;

/**
 * Where a saved patient form returns to: `pathnameToReturn` (a path inside the shop), else the route
 * of `backPathKey`, else the patients list.
 */
export function patientReturnPath(query: Query): string {
  const toReturn = query.pathnameToReturn;
  if (typeof toReturn === 'string' && isLocalPath(toReturn)) return toReturn;
  const key = query.backPathKey;
  if (typeof key === 'string' && isRouteKey(key)) {
    try {
      const params = Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
      return routePath(key, params);
    } catch {
      return routes.patientsList.path;
    }
  }
  return routes.patientsList.path;
}
