import { navigation } from '@/store/navigation';
import { isExternalUrl } from './paymentRules';

/** The page leaves the shop for the operator by a full navigation (a seam for tests). */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Follows a redirect URL of the server: the operator's page by a full navigation, the shop's pages through the router. */
export async function followRedirect(url: string): Promise<void> {
  if (typeof window !== 'undefined' && isExternalUrl(url, window.location.origin)) externalNavigation.assign(url);
  else await navigation.goTo(url);
}
