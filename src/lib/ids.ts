/** A positive integer id from a route parameter (`/orders/12`), else null. */
export function idFrom(value: string | string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}
