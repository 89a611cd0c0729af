import { useMounted } from './useMounted';

/** The device's time zone in the browser; null on the server and during hydration (so the HTML matches). */
export function useDeviceTimeZone(): string | null {
  const mounted = useMounted();
  return mounted ? Intl.DateTimeFormat().resolvedOptions().timeZone : null;
}
