import type { IncomingMessage } from 'node:http';
import type { NextApiRequest, NextApiResponse } from 'next';
import { ValidationError, type AnySchema, type InferType } from 'yup';
import '@/shared/validation/safeStringCase';
import { getConfig } from '../config';
import { getDb, type Db } from '../db/createDb';
import { startAppWorker } from '@/server/jobList';
import { ERROR_CODES } from '@/shared/errorCodes';
import { forbidden, HttpError, type ErrorBody } from './errors';
import { authenticate, isNurse, type AuthUser } from './auth';
import { setApiSecurityHeaders } from './securityHeaders';
import { jsonDepth, MAX_JSON_DEPTH } from './jsonDepth';
import { withRequestContext } from './requestContext';
import { clientAddress } from './clientAddress';
import { log, safePath } from '../log';
import { observeRequest } from '../metrics';
import { routePattern } from './routePattern';
import { reserveAction, type LimitedAction } from './rateLimit';
import { addressGroup } from './clientAddress';

/**
 * API routes are a method-to-handler table. Each method may declare a yup schema for the query and
 * one for the body, and whether a signed-in user (or staff) is needed. The route:
 * - answers 405 with `Allow` for other methods;
 * - authenticates first, then parses the body itself (pages export `config = { api: { bodyParser: false } }`) so malformed
 *   JSON and oversized bodies get the JSON error shape instead of Next's text answer; a body is read
 *   only as `application/json` (415 otherwise; a request without a body needs no content type);
 * - validates query and body (unknown keys are dropped, types are strict), 400 with `fields`;
 * - turns any HttpError into `{error, code, fields}` (with the error's headers, e.g. `Retry-After`), and anything else into a logged 500.
 */
export type AuthMode = 'none' | 'optional' | 'user' | 'staff' | 'staffOrNurse';

export interface HandlerContext<Q, B, A extends AuthMode> {
  req: NextApiRequest;
  res: NextApiResponse;
  db: Db;
  query: Q;
  body: B;
  user: A extends 'user' | 'staff' | 'staffOrNurse' ? AuthUser : AuthUser | null;
  /** The raw bearer token of the request, if any. */
  token: string | null;
  ip: string;
  /** The body's bytes exactly as sent (for a signature over them); null when the body came parsed. */
  rawBody: Buffer | null;
}

export interface MethodSpec<QS extends AnySchema | undefined, BS extends AnySchema | undefined, A extends AuthMode> {
  auth?: A;
  query?: QS;
  body?: BS;
  /** Status for a successful answer (default 200). */
  status?: number;
  /**
   * The method's anti-automation limit (`reserveAction`, configuration `RATE_LIMIT_*`): one use is
   * reserved after authentication and before the body is read, per client address and per `per`
   * (the account, the account's order of the path's `orderId`, or the address alone); over it, 429
   * with `Retry-After`.
   */
  limit?: { action: LimitedAction; per: 'account' | 'order' | 'address' };
  handler: (
    ctx: HandlerContext<QS extends AnySchema ? InferType<QS> : Record<string, never>, BS extends AnySchema ? InferType<BS> : undefined, A>,
  ) => Promise<unknown> | unknown;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMethodSpec = MethodSpec<any, any, any>;

export function method<
  QS extends AnySchema | undefined = undefined,
  BS extends AnySchema | undefined = undefined,
  const A extends AuthMode = 'none',
>(spec: MethodSpec<QS, BS, A>): MethodSpec<QS, BS, A> {
  return spec;
}

export const MAX_BODY_BYTES = 256 * 1024;

/** True when the request declares a JSON body (`application/json`, parameters such as charset allowed). */
function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

async function readBody(req: IncomingMessage): Promise<{ raw: Buffer; parsed: unknown }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
    chunks.push(buf);
  }
  const raw = Buffer.concat(chunks);
  return { raw, parsed: parseJson(raw, req) };
}

function parseJson(raw: Buffer, req: IncomingMessage): unknown {
  const text = raw.toString('utf8').trim();
  if (!text) return undefined;
  // Only JSON is read: a form or text body (what a cross-site form can send without a preflight) is refused.
  if (!isJsonContentType(req.headers['content-type'])) throw new HttpError(415, 'Request body must be application/json');
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    const message = `The body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
    throw new HttpError(400, message, { fields: { body: message }, code: ERROR_CODES.validationFailed });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

function validationFields(e: ValidationError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  const errors = e.inner.length ? e.inner : [e];
  for (const err of errors) {
    const key = prefix + (err.path || '_');
    if (!fields[key]) fields[key] = err.errors[0] ?? err.message;
  }
  return fields;
}

/** Names an object inherits from Object.prototype: as keys of a request they would reach its prototype. */
const PROTOTYPE_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);

/** The path of the first own key of `value` (at any depth) that names an inherited member, if any. */
function prototypeKeyPath(value: unknown, prefix = ''): string | null {
  if (value === null || typeof value !== 'object') return null;
  for (const key of Object.keys(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (PROTOTYPE_KEYS.has(key)) return path;
    const inner = prototypeKeyPath((value as Record<string, unknown>)[key], path);
    if (inner) return inner;
  }
  return null;
}

async function check(schema: AnySchema | undefined, value: unknown, what: 'query' | 'body'): Promise<unknown> {
  if (!schema) return what === 'query' ? {} : undefined;
  const hostile = prototypeKeyPath(value);
  if (hostile) {
    const message = `Unknown field: ${hostile}`;
    throw new HttpError(400, what === 'query' ? `Invalid query: ${message}` : message, { fields: { [hostile]: message }, code: ERROR_CODES.validationFailed });
  }
  try {
    return await schema.validate(value === undefined && what === 'body' ? {} : value, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (e instanceof ValidationError) {
      const fields = validationFields(e);
      const first = Object.values(fields)[0] ?? e.message;
      throw new HttpError(400, what === 'query' ? `Invalid query: ${first}` : first, { fields, code: ERROR_CODES.validationFailed });
    }
    throw e;
  }
}

/**
 * The client address; X-Forwarded-For counts only when TRUST_PROXY says a proxy sets it, and then its
 * rightmost hop that is not one of the `TRUSTED_PROXIES` (one proxy unless configured).
 */
export function clientIp(req: NextApiRequest, trustProxy = getConfig().trustProxy, trusted = getConfig().trustedProxies ?? null): string {
  return clientAddress(req, trustProxy ? (trusted ?? 1) : null);
}

/** The second key of a method's limit (beside the client address). */
function limitKey(per: 'account' | 'order' | 'address', user: AuthUser | null, req: NextApiRequest, ip: string): string {
  if (per === 'address') return `ip:${addressGroup(ip)}`;
  const account = `user:${user?.id ?? 'anonymous'}`;
  if (per === 'account') return account;
  const orderId = String(req.query.orderId ?? '');
  return `${account}:order:${/^\d+$/.test(orderId) ? Number(orderId) : orderId.slice(0, 40)}`;
}

function bearer(req: NextApiRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m?.[1]?.trim() || null;
}

export function sendError(res: NextApiResponse, e: unknown): void {
  if (e instanceof HttpError) {
    const body: ErrorBody = { ...e.extra, error: e.message, code: e.code };
    if (e.fields && Object.keys(e.fields).length) body.fields = e.fields;
    for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
    res.status(e.status).json(body);
    return;
  }
  log().error({ err: e }, 'Unhandled API error');
  res.status(500).json({ error: 'Internal server error', code: ERROR_CODES.internal } satisfies ErrorBody);
}

/** Builds a Next API handler from a method table. */
export function route(table: Partial<Record<Method, AnyMethodSpec>>) {
  const allow = Object.keys(table).join(', ');
  return async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    setApiSecurityHeaders(res);
    const started = Date.now();
    // One structured line per request: the path without query and token-like segments, never a header or body.
    res.once('finish', () => {
      const ms = Date.now() - started;
      log().info({ method: req.method, path: safePath(req.url), status: res.statusCode, ms }, 'api request');
      // Labelled by the route file's pattern, never the raw path (a bounded set of labels).
      observeRequest(routePattern(req.url), req.method ?? '', res.statusCode, ms / 1000);
    });
    try {
      const spec = table[(req.method ?? 'GET').toUpperCase() as Method];
      if (!spec) {
        res.setHeader('Allow', allow);
        throw new HttpError(405, `Method ${req.method} not allowed`);
      }
      const db = await getDb();
      startAppWorker(db);
      const token = bearer(req);
      const mode: AuthMode = spec.auth ?? 'none';
      let user: AuthUser | null = null;
      if (mode !== 'none' && token) user = await authenticate(db, token);
      if ((mode === 'user' || mode === 'staff' || mode === 'staffOrNurse') && !user) throw new HttpError(401, 'Not authorized');
      if ((mode === 'staff' || mode === 'staffOrNurse') && user?.role !== 'staff') throw forbidden('Staff only');
      // Nurses reach only their visits (`staffOrNurse` routes), none of the rest of the console.
      if (mode === 'staff' && isNurse(user)) throw forbidden('Not available to nurses');
      const ip = clientIp(req);
      if (spec.limit) await reserveAction(db, spec.limit.action, { ip, key: limitKey(spec.limit.per, user, req, ip) });
      // The body is read only once the caller may use the route.
      const read = req.body !== undefined && typeof req.body !== 'string' ? { raw: null, parsed: req.body as unknown } : await readBody(req);
      const query = await check(spec.query, { ...req.query }, 'query');
      const body = await check(spec.body, read.parsed, 'body');
      const result = await withRequestContext({ ip }, () => spec.handler({ req, res, db, query, body, user, token, ip, rawBody: read.raw }));
      if (res.headersSent) return;
      if (result === undefined) {
        res.status(spec.status ?? 204).end();
        return;
      }
      res.status(spec.status ?? 200).json(result);
    } catch (e) {
      if (!res.headersSent) sendError(res, e);
    }
  };
}
