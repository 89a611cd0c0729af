import type { RootState } from '@/store/makeStore';
import { Status } from '@/lib/status';

/** The cart domain's state as the shell reads it: the `cart` resource (status, data with `cartTotal.price`), read defensively. */
interface CartView {
  cart?: { status?: Status; data?: { cartTotal?: { price?: number } | null } | null };
}

export const selectCartLoaded = (s: RootState): boolean => (s.cart as CartView).cart?.status === Status.SUCCESS;

export const selectCartHasItems = (s: RootState): boolean => ((s.cart as CartView).cart?.data?.cartTotal?.price ?? 0) > 0;

/** Initials of first and last name, e.g. "AN"; empty when unknown. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`.toUpperCase();
}
