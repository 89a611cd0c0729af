import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { getConfig } from '../config';

/**
 * Content-Security-Policy and Strict-Transport-Security of the shop's answers.
 *
 * Pages: `_document` makes a fresh nonce per request (16 random bytes) and sends the page policy;
 * Next's scripts, the `__NEXT_DATA__` block and Emotion's style elements carry the nonce. Scripts
 * those scripts load later (page chunks, a language's translations) are trusted through
 * `'strict-dynamic'`, so no host list is needed. Style attributes written by React components
 * (`style="..."` in the server HTML) are allowed by `style-src-attr`; they cannot run script.
 * The shop's own service worker (`/sw.js`) is allowed by `worker-src 'self'`.
 * API answers: nothing may load or frame them.
 * Every policy is one string built per request from a cached prefix, so a page costs one
 * `randomBytes` call and a string concatenation.
 */

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

export interface PagePolicyOptions {
  /** `next dev`: React refresh needs eval, and the dev server injects unnonced styles and a websocket. */
  dev?: boolean;
  /** The API root the browser calls (NEXT_PUBLIC_API_ROOT); an absolute one on another origin is allowed in connect-src. */
  apiRoot?: string;
}

/** A fresh nonce for one page answer. */
export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

function apiOrigin(apiRoot: string | undefined): string | null {
  if (!apiRoot || !/^https?:\/\//i.test(apiRoot)) return null;
  try {
    return new URL(apiRoot).origin;
  } catch {
    return null;
  }
}

const NONCE = '{nonce}';
const templates = new Map<string, string[]>();

function template(options: PagePolicyOptions): string[] {
  const key = `${options.dev ? 1 : 0}|${options.apiRoot ?? ''}`;
  let parts = templates.get(key);
  if (!parts) {
    const n = `'nonce-${NONCE}'`;
    const external = apiOrigin(options.apiRoot);
    const connect = ["'self'", ...(external ? [external] : []), ...(options.dev ? ['ws:', 'wss:'] : [])].join(' ');
    parts = [
      "default-src 'self'",
      `script-src ${n} 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
      // In development Next injects its own style elements without a nonce (a nonce would make the
      // browser ignore 'unsafe-inline'); production styles all come from Emotion with the nonce.
      options.dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' ${n}`,
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src ${connect}`,
      // The service worker (/sw.js, Web Push notifications) is registered by a script, not loaded
      // by a nonced element: without this the worker would fall back to script-src and be refused.
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-src 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]
      .join('; ')
      .split(NONCE);
    templates.set(key, parts);
  }
  return parts;
}

/** The page policy for `nonce`. */
export function pageContentSecurityPolicy(nonce: string, options: PagePolicyOptions = {}): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(nonce)) throw new Error('A nonce is base64');
  return template(options).join(nonce);
}

/**
 * React writes small inline scripts into the server HTML when it streams a large Suspense boundary
 * (`$RC(...)`, `requestAnimationFrame(function(){$RT=...})`); Next's pages renderer gives React no
 * nonce, so the page's nonce is added here to exactly those scripts: a `<script>` without attributes
 * whose text starts like React's. Page content cannot produce one (React escapes text), and other
 * attribute-less scripts stay without a nonce, so the policy blocks them.
 */
const REACT_INLINE_SCRIPT = /<script>(?=\$R[A-Z]?[=(.[]|requestAnimationFrame\(function\(\)\{\$RT=)/g;

export function nonceReactScripts(html: string, nonce: string): string {
  return html.includes('<script>') ? html.replace(REACT_INLINE_SCRIPT, `<script nonce="${nonce}">`) : html;
}

/** The HSTS value when the shop is served over https (APP_URL), else null. */
export function strictTransportSecurity(appUrl: string): string | null {
  return /^https:\/\//i.test(appUrl) ? HSTS_VALUE : null;
}

type HeaderTarget = Pick<ServerResponse, 'setHeader'>;

function setHsts(res: HeaderTarget): void {
  const hsts = strictTransportSecurity(getConfig().appUrl);
  if (hsts) res.setHeader('Strict-Transport-Security', hsts);
}

/** Sends the page policy for `nonce` (and HSTS over https) on a page answer. */
export function setPageSecurityHeaders(res: HeaderTarget, nonce: string): void {
  res.setHeader(
    'Content-Security-Policy',
    pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development', apiRoot: process.env.NEXT_PUBLIC_API_ROOT }),
  );
  setHsts(res);
}

/** Sends the API policy (and HSTS over https) on an API answer. */
export function setApiSecurityHeaders(res: HeaderTarget): void {
  res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  setHsts(res);
}
