import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieValue } from '@/shared/cookies';
import { getConfig } from '../config';
import { DEVICE_TTL_SECONDS } from '@/server/accounts/repositories/devices';

/**
 * The device cookie: set after a right password, sent back only to the login route (Path), HttpOnly,
 * SameSite=Strict, Secure over https. It proves that this browser signed in to the account before, so
 * other people's wrong passwords do not delay it (rateLimit.ts). It opens nothing by itself.
 */
export const DEVICE_COOKIE = 'labShop.device';
export const DEVICE_PATH = '/api/backend/login';

export function readDeviceCookie(req: IncomingMessage): string | null {
  return cookieValue(req.headers.cookie, DEVICE_COOKIE) || null;
}

/** Adds the device cookie to the answer's Set-Cookie headers (keeping any already set). */
export function appendDeviceCookie(res: ServerResponse, token: string): void {
  const secure = getConfig().appUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = `${DEVICE_COOKIE}=${token}; Path=${DEVICE_PATH}; Max-Age=${DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
  const existing = res.getHeader('Set-Cookie');
  res.setHeader('Set-Cookie', [...(Array.isArray(existing) ? existing : existing ? [String(existing)] : []), cookie]);
}
