import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { useMounted } from '@/lib/useMounted';

/**
 * Checkout pages need a logged-in user with something in the cart: a visitor goes to the login page,
 * an empty cart back to the cart page (which says what to do). Returns whether the page may render.
 */
export function useCheckoutGuard(opts: { needsCart?: boolean } = {}): { ready: boolean } {
  const needsCart = opts.needsCart ?? true;
  const router = useRouter();
  const mounted = useMounted();
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const cartStatus = useAppSelector((s) => s.cart.cart.status);
  const cartEmpty = useAppSelector((s) => !s.cart.cart.data || Object.keys(s.cart.cart.data.analysisIdsByPatientId).length === 0);
  const started = mounted && cartStatus !== Status.INITIAL;
  useEffect(() => {
    if (!started) return;
    if (!isLoggedIn) void router.replace('/login');
    else if (needsCart && cartStatus === Status.SUCCESS && cartEmpty) void router.replace('/order/cart');
  }, [started, isLoggedIn, needsCart, cartStatus, cartEmpty, router]);
  return { ready: started && isLoggedIn && cartStatus === Status.SUCCESS && (!needsCart || !cartEmpty) };
}
