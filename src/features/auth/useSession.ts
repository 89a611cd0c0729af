import { useAppSelector } from '@/store/hooks';
import { readStorage } from '@/shared/storage';
import { useMounted } from '@/lib/useMounted';

export type Session = 'unknown' | 'visitor' | 'user';

/**
 * Whether the browser has a session: 'unknown' on the server, during hydration and while the stored
 * token has not yet been taken up by the start-up, so pages show a skeleton instead of flashing the
 * visitor's view.
 */
export function useSession(): Session {
  const mounted = useMounted();
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  if (!mounted) return 'unknown';
  if (isLoggedIn) return 'user';
  return readStorage('token') ? 'unknown' : 'visitor';
}
