import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import type { TestApiServer } from '@/server/testing/apiServer';

/** The lab backend's routes under test. */
export const B = '/api/backend';

let seq = 0;
/** A fresh address for each account a test registers. */
export const newEmail = () => `user${++seq}.${Date.now()}@example.com`;
/** Each test logs in from its own address so the per-IP limit of one test does not reach another. */
export const ipHeaders = (ip: string) => ({ 'X-Forwarded-For': ip });
/** The mails of the outbox sent to one address, oldest first. */
export const mailsTo = (email: string) => readOutbox(getConfig().outboxDir).filter((m) => m.to === email);
/** The `token` of the link to `path` in a mail's text. */
export const tokenIn = (text: string, path: string) => new URL(/https?:\/\/\S+/.exec(text.slice(text.indexOf(path) - 40))?.[0] ?? 'x:').searchParams.get('token');

/** Registers an account over HTTP (201 expected) and answers its address, password and access token. */
export async function registerUser(api: TestApiServer, overrides: Record<string, unknown> = {}) {
  const email = newEmail();
  const body = { email, password: 'correct horse 1', firstName: 'Anna', lastName: 'Kowalska', ...overrides };
  const res = await api.call('POST', `${B}/register`, { body });
  expect(res.status).toBe(201);
  return { email: String(body.email).toLowerCase(), password: String(body.password), token: res.body.accessToken as string };
}
