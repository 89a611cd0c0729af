import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieValue } from '@/shared/cookies';
import { getConfig } from '../config';

/**
 * The refresh token travels only in this cookie: HttpOnly (no script reads it), SameSite=Strict (no
 * cross-site request carries it), Path limited to the refresh route (no other request carries it), and
 * Secure when the shop is served over https (`APP_URL`); on http://localhost a Secure cookie would not
 * be stored, so development goes without.
 */
export const REFRESH_COOKIE = 'labShop.refresh';
export const REFRESH_PATH = '/api/backend/auth/refresh';

function attributes(maxAgeSeconds: number): string {
  const secure = getConfig().appUrl.startsWith('https:') ? '; Secure' : '';
  return `Path=${REFRESH_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function setRefreshCookie(res: ServerResponse, token: string, maxAgeSeconds: number): void {
  res.setHeader('Set-Cookie', `${REFRESH_COOKIE}=${token}; ${attributes(maxAgeSeconds)}`);
}

export function clearRefreshCookie(res: ServerResponse): void {
  res.setHeader('Set-Cookie', `${REFRESH_COOKIE}=; ${attributes(0)}`);
}

/** The refresh token of the request's cookie, if any. */
export function readRefreshCookie(req: IncomingMessage): string | null {
  return cookieValue(req.headers.cookie, REFRESH_COOKIE) || null;
}
