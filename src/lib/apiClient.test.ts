import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { backendClient as lazyBackendClient, bearerToken, onUnauthorized } from './apiClient';
import { backendClient, shopClient } from './axiosClients';
import { ApiError } from './apiError';
import { readStorage, writeStorage } from '@/shared/storage';

/**
 * The API client renews the 15-minute bearer token: a 401 to a request that carried the token makes
 * one `POST auth/refresh` (the HttpOnly cookie goes along) and repeats the request once with the new
 * token; if the refresh fails the user is signed out as before (the 401 listeners).
 */
interface Seen {
  method: string;
  url: string;
  auth: string | null;
}

let seen: Seen[];
let tokens: { valid: string; next: string | null };

const answer = (config: InternalAxiosRequestConfig, status: number, data: unknown) => {
  const response = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 400) {
    // axios's settle() turns a failure status into an AxiosError; a hand-made adapter must do the same.
    return Promise.reject(new AxiosError(`status ${status}`, 'ERR_BAD_REQUEST', config, null, response));
  }
  return Promise.resolve(response);
};

/** A backend that accepts only `tokens.valid`, and whose refresh answers `tokens.next` (or 401 when null). */
const adapter: AxiosAdapter = (config) => {
  const auth = config.headers?.Authorization;
  const entry = { method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', auth: typeof auth === 'string' ? auth : null };
  seen.push(entry);
  if (entry.url === 'auth/refresh') {
    if (!tokens.next) return answer(config, 401, { error: 'The session has ended; sign in again', code: 'unauthorized' });
    tokens.valid = tokens.next;
    return answer(config, 200, { access_token: tokens.next, expires_in: 900 });
  }
  if (entry.auth !== `Bearer ${tokens.valid}`) return answer(config, 401, { error: 'Not authorized', code: 'unauthorized' });
  return answer(config, 200, { ok: entry.url });
};

let signedOut: number;
let unsubscribe: () => void;
beforeEach(() => {
  seen = [];
  signedOut = 0;
  backendClient.defaults.adapter = adapter;
  shopClient.defaults.adapter = adapter;
  unsubscribe = onUnauthorized(() => signedOut++);
});
afterEach(() => {
  unsubscribe();
  writeStorage('token', null);
});

test('a 401 with an expired token refreshes once and repeats the request with the new token', async () => {
  writeStorage('token', 'old');
  tokens = { valid: 'fresh', next: 'fresh' };
  const res = await backendClient.get('users/current');
  expect(res.data).toEqual({ ok: 'users/current' });
  expect(seen).toEqual([
    { method: 'GET', url: 'users/current', auth: 'Bearer old' },
    { method: 'POST', url: 'auth/refresh', auth: 'Bearer old' },
    { method: 'GET', url: 'users/current', auth: 'Bearer fresh' },
  ]);
  expect(readStorage('token')).toBe('fresh');
  expect(signedOut).toBe(0);
});

test('calls failing together share one refresh (the shop API too)', async () => {
  writeStorage('token', 'old');
  tokens = { valid: 'fresh', next: 'fresh' };
  const results = await Promise.all([backendClient.get('users/current'), backendClient.get('patient'), shopClient.get('cart/get-cart')]);
  expect(results.map((r) => r.data.ok)).toEqual(['users/current', 'patient', 'cart/get-cart']);
  expect(seen.filter((s) => s.url === 'auth/refresh')).toHaveLength(1);
  expect(signedOut).toBe(0);
});

test('when the refresh fails the call fails with 401 and the user is signed out; no second refresh', async () => {
  writeStorage('token', 'old');
  tokens = { valid: 'fresh', next: null };
  await expect(backendClient.get('users/current')).rejects.toMatchObject({ status: 401 });
  expect(seen.map((s) => s.url)).toEqual(['users/current', 'auth/refresh']);
  expect(signedOut).toBe(1);
});

test('a request still refused after the refresh is not refreshed again', async () => {
  writeStorage('token', 'old');
  // The refresh answers a token the backend does not take (the session ended meanwhile).
  tokens = { valid: 'other', next: 'fresh' };
  const realAdapter = adapter;
  backendClient.defaults.adapter = (config) => {
    if (config.url === 'auth/refresh') {
      seen.push({ method: 'POST', url: 'auth/refresh', auth: null });
      return answer(config, 200, { access_token: 'fresh', expires_in: 900 });
    }
    return realAdapter(config);
  };
  const error = await backendClient.get('patient').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect(seen.map((s) => `${s.url} ${s.auth ?? ''}`.trim())).toEqual(['patient Bearer old', 'auth/refresh', 'patient Bearer fresh']);
  expect(signedOut).toBe(1);
});

test('without a token nothing is refreshed: a 401 is just passed on', async () => {
  tokens = { valid: 'fresh', next: 'fresh' };
  await expect(backendClient.get('users/current')).rejects.toMatchObject({ status: 401 });
  expect(seen.map((s) => s.url)).toEqual(['users/current']);
  expect(signedOut).toBe(0);
});

test('sign-out (skipRefresh) is never refreshed', async () => {
  tokens = { valid: 'fresh', next: 'fresh' };
  await expect(backendClient.post('logout', {}, { headers: { Authorization: 'Bearer old' }, skipRefresh: true })).rejects.toMatchObject({ status: 401 });
  expect(seen.map((s) => s.url)).toEqual(['logout']);
});

test('every request, a GET or DELETE without a body too, says Content-Type: application/json (spec §7) and sends no body', async () => {
  const got: { method: string; type: unknown; data: unknown }[] = [];
  const capture: AxiosAdapter = (config) => {
    got.push({ method: (config.method ?? '').toUpperCase(), type: config.headers?.['Content-Type'], data: config.data });
    return answer(config, 200, {});
  };
  await backendClient.get('orders', { adapter: capture });
  await backendClient.delete('users/current/sessions/1', { adapter: capture });
  await shopClient.post('order/promo', { laboratoryId: 'x', promoCode: 'Y' }, { adapter: capture });
  // The browser's adapter drops the header when the body is undefined; here it is null: no body, header kept.
  expect(got).toEqual([
    { method: 'GET', type: 'application/json', data: null },
    { method: 'DELETE', type: 'application/json', data: null },
    { method: 'POST', type: 'application/json', data: '{"laboratoryId":"x","promoCode":"Y"}' },
  ]);
});

test('the callers\' client loads the real one with its first call and answers through it (refresh included)', async () => {
  writeStorage('token', 'old');
  tokens = { valid: 'new', next: 'new' };
  const res = await lazyBackendClient.get<{ ok: string }>('orders');
  expect(res.data).toEqual({ ok: 'orders' });
  expect(seen.map((s) => `${s.method} ${s.url} ${s.auth}`)).toEqual(['GET orders Bearer old', 'POST auth/refresh Bearer old', 'GET orders Bearer new']);
  expect(signedOut).toBe(0);
});

test('a transport outside axios renews the token through the same refresh, and an ended session signs out', async () => {
  writeStorage('token', 'old');
  tokens = { valid: 'x', next: null };
  expect(await bearerToken.renew('old')).toBeNull();
  expect(signedOut).toBe(1);
});
