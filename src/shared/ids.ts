/** A positive integer id as it appears in a URL path or query (`/orders/12`): no sign, no leading zero. */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** A positive integer id from a route parameter, else null. */
export function idFrom(value: string | string[] | undefined): number | null {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) return null;
  return Number(value);
}
