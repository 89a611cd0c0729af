import dynamic from 'next/dynamic';
import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { authModalClosed, authModalOpened } from '../authSlice';
import { useOpenedOnce } from '@/lib/useOpenedOnce';

// The forms load only when a visitor first needs them (they are not part of every page's JavaScript).
const AuthModal = dynamic(() => import('./AuthModal').then((m) => m.AuthModal), { ssr: false });

/**
 * For actions that need an account (the cart icon, "My orders", a page's log-in prompt): a visitor
 * gets the auth modal (spec §2, §4) instead of a page change, and after logging in or registering
 * goes on to `target` (null: stays on the page). A logged-in user's click goes ahead untouched.
 * Use as a link's or button's onClick; the link's href stays for browsers without JavaScript.
 */
export function useAccountAction(): (target: string | null) => (event: { preventDefault(): void }) => void {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  return useCallback(
    (target) => (event) => {
      if (isLoggedIn) return;
      event.preventDefault();
      // The login saga goes there once logged in (in the store, so it wins over its usual way home).
      dispatch(authModalOpened({ mode: 'login', returnTo: target }));
    },
    [dispatch, isLoggedIn],
  );
}

/** Mounted once by the app shell: the auth modal with its `register` and `login` modes. */
export function AuthModalHost() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.auth.modalOpen);
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const used = useOpenedOnce(open);

  useEffect(() => {
    if (!open) return;
    if (isLoggedIn) dispatch(authModalClosed());
  }, [open, isLoggedIn, dispatch]);

  return used ? <AuthModal /> : null;
}
