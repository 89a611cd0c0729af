import type { Point } from '@/lib/geo';

export type GeoPermission = 'granted' | 'prompt' | 'denied' | 'unsupported';

/** The browser's geolocation permission state; 'prompt' when the Permissions API is missing but geolocation exists. */
export async function geolocationPermission(): Promise<GeoPermission> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return 'unsupported';
  if (!navigator.permissions?.query) return 'prompt';
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    return 'prompt';
  }
}

/** Auto-find is offered only when the permission is granted or prompt (spec §2). */
export const canAutoFind = (p: GeoPermission) => p === 'granted' || p === 'prompt';

/** The current position, or a rejection when it cannot be obtained. */
export function currentPosition(timeoutMs = 15_000): Promise<Point> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      (err) => reject(new Error(err.message || 'Geolocation failed')),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 5 * 60_000 },
    );
  });
}
