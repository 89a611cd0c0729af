/**
 * Defaults of the visit address (the checkout's first step and `POST /api/order/create`). Kept out of
 * the yup schemas of `validation/order.ts` so the checkout state can use them without loading yup
 * on every page.
 */
export const DEFAULT_ORDER_COUNTRY = 'PL';
export const DEFAULT_FLOOR = '1';
export const DEFAULT_APARTMENT = '1';
