import { routes } from '@/lib/routes';

/** The special menu key that opens the laboratory selector instead of navigating. */
export const SELECT_LAB_KEY = 'selectLab';

export interface MenuItem {
  /** A route path, or `selectLab`. */
  key: string;
  /** Key in the common namespace. */
  labelKey: string;
}

/**
 * Main menu of spec §2: items for a logged-in user or a visitor; keys are route paths plus `selectLab`.
 * Logged-in users also get their orders and test results, and staff the staff console, after the spec's items.
 */
export function menuItems(isLoggedIn: boolean, role?: string | null, staffRole?: string | null): MenuItem[] {
  const items: MenuItem[] = isLoggedIn
    ? [
        { key: routes.home.path, labelKey: 'menu.home' },
        { key: routes.cart.path, labelKey: 'menu.cart' },
        { key: routes.settings.path, labelKey: 'menu.settings' },
        { key: routes.patientsList.path, labelKey: 'menu.patients' },
        { key: SELECT_LAB_KEY, labelKey: 'menu.selectLab' },
        { key: routes.documents.path, labelKey: 'menu.documents' },
        { key: routes.support.path, labelKey: 'menu.support' },
        { key: routes.orders.path, labelKey: 'menu.orders' },
        { key: routes.testResults.path, labelKey: 'menu.testResults' },
      ]
    : [
        { key: routes.home.path, labelKey: 'menu.home' },
        { key: routes.register.path, labelKey: 'menu.register' },
        { key: routes.login.path, labelKey: 'menu.login' },
        { key: SELECT_LAB_KEY, labelKey: 'menu.selectLab' },
        { key: routes.documents.path, labelKey: 'menu.documents' },
        { key: routes.support.path, labelKey: 'menu.support' },
      ];
  // Nurses get only their day's visits; other staff the console and the visits.
  if (isLoggedIn && role === 'staff' && staffRole !== 'nurse') items.push({ key: routes.staff.path, labelKey: 'menu.staff' });
  if (isLoggedIn && role === 'staff') items.push({ key: routes.staffVisits.path, labelKey: 'menu.staffVisits' });
  return items;
}
