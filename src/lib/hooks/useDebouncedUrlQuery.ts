import { useRouter } from 'next/router';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps a value in the page's address (`?<param>=value`, dropped when blank) so it can be shared and
 * reloaded: the returned function writes it `delayMs` after its last call, with a shallow
 * `router.replace` (no server round trip, no scroll). A pending write never cancels a navigation the
 * user started: any route change drops it, and so does leaving the page.
 */
export function useDebouncedUrlQuery(pathname: string, param: string, delayMs: number): (value: string) => void {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const drop = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
    router.events.on('routeChangeStart', drop);
    return () => {
      router.events.off('routeChangeStart', drop);
      drop();
    };
  }, [router.events]);

  return useCallback(
    (value: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const v = value.trim();
        void router.replace({ pathname, query: v ? { [param]: v } : {} }, undefined, { shallow: true, scroll: false });
      }, delayMs);
    },
    [router, pathname, param, delayMs],
  );
}
