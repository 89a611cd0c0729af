/**
 * The route table of spec §2: route keys, path templates and back targets.
 * `back` is the key of the page the back button goes to; `parent` means the parent level of the path.
 */
export const routes = {
  home: { path: '/', back: 'home' },
  support: { path: '/support', back: 'home' },
  login: { path: '/login', back: 'home' },
  register: { path: '/register', back: 'home' },
  resetPassword: { path: '/reset-password', back: 'login' },
  confirmEmail: { path: '/confirm-email', back: 'home' },
  settings: { path: '/settings', back: 'home' },
  patientsList: { path: '/patients', back: 'home' },
  createPatient: { path: '/patients/create', back: 'patientsList' },
  editPatient: { path: '/patients/edit/[patientId]', back: 'patientsList' },
  search: { path: '/search', back: 'home' },
  analysisInSearch: { path: '/search/analysis/[analysisId]', back: 'search' },
  profiles: { path: '/profiles', back: 'home' },
  profileCard: { path: '/profiles/[profileId]', back: 'profiles' },
  addToCart: { path: '/add-to-cart/[addableType]/[addableId]', back: 'analysisInSearch' },
  categories: { path: '/categories/[categorySlug]', back: 'home' },
  article: { path: '/articles/getting-ready-for-analyses', back: 'home' },
  cart: { path: '/order/cart', back: 'home' },
  pasteList: { path: '/order/paste', back: 'cart' },
  orderAddress: { path: '/order/address', back: 'cart' },
  nurseCheckoutTime: { path: '/order/nurse-checkout-time', back: 'cart' },
  orderFeedback: { path: '/order/feedback', back: 'nurseCheckoutTime' },
  confirmEmailInOrder: { path: '/order/confirm-email', back: 'nurseCheckoutTime' },
  dataConfirmed: { path: '/order/data-confirmed', back: 'nurseCheckoutTime' },
  orderSubmitted: { path: '/order/order-submitted', back: 'home' },
  testResults: { path: '/test-results', back: 'home' },
  testResultPatients: { path: '/test-results/[testResultId]/patients', back: 'parent' },
  testResultPatient: { path: '/test-results/[testResultId]/patients/[patientId]', back: 'parent' },
  analysisResult: {
    path: '/test-results/[testResultId]/patients/[patientId]/analysis-results/[analysisResultId]',
    back: 'parent',
  },
  documents: { path: '/documents', back: 'home' },
  document: { path: '/documents/[documentSlug]', back: null },
  orders: { path: '/orders', back: 'home' },
  orderDetail: { path: '/orders/[orderId]', back: 'orders' },
  staff: { path: '/staff', back: 'home' },
  staffOrder: { path: '/staff/orders/[orderId]', back: 'staff' },
  staffVisits: { path: '/staff/visits', back: 'home' },
  staffAudit: { path: '/staff/audit', back: 'staff' },
  staffBackground: { path: '/staff/background', back: 'staff' },
  staffSecurityEvents: { path: '/staff/security-events', back: 'staff' },
  staffMoney: { path: '/staff/money', back: 'staff' },
  staffBarrierReports: { path: '/staff/barrier-reports', back: 'staff' },
  sharedResults: { path: '/shared/results/[token]', back: null },
} as const satisfies Record<string, { path: string; back: string | null }>;

export type RouteKey = keyof typeof routes;

export const isRouteKey = (key: string): key is RouteKey => Object.prototype.hasOwnProperty.call(routes, key);

/** Fills `[param]` segments of a route's path. */
export function routePath(key: RouteKey, params: Record<string, string | number> = {}): string {
  return routes[key].path.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`Route ${key} needs parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** The route key whose path template equals Next's `router.pathname`. */
export function routeKeyOfPathname(pathname: string): RouteKey | undefined {
  return (Object.keys(routes) as RouteKey[]).find((k) => routes[k].path === pathname);
}

/** Pages that stand alone without a chosen laboratory (a doctor opening a share link): the selector does not open by itself there. */
export function needsLaboratory(pathname: string): boolean {
  return !pathname.startsWith('/shared/');
}
