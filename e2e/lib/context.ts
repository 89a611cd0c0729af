import assert from 'node:assert/strict';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ROOT } from './appServer';
import type { SmtpSink, ReceivedMail } from './smtpSink';
import { settle, type AxeAudit } from './axe';
import type { JourneyContext, PrepareOptions, RegisteredUser, ViewportName } from './journey';
import { STORAGE_KEYS, LAB_COOKIE } from '@/shared/storage';

/** The JourneyContext a journey runs with (e2e/run.ts): API calls, mail, screenshots, sign-in, checks. */

export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');

export interface ConsoleEntry {
  type: string;
  text: string;
  location: string;
}

export const slug = (s: string) => s.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();

export function formatMs(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

export function makeContext(args: {
  page: Page;
  context: BrowserContext;
  viewport: ViewportName;
  baseUrl: string;
  file: string;
  smtp: SmtpSink;
  consoleEntries: ConsoleEntry[];
  allowed: RegExp[];
  log: (line: string) => void;
  audit: AxeAudit;
}): JourneyContext {
  const { page, context, viewport, baseUrl, file, smtp, consoleEntries, allowed, log, audit } = args;
  const runStarted = Date.now();
  const consumed = new Set<ReceivedMail>();
  let shotNo = 0;
  const shotDir = path.join(ARTIFACTS, viewport);

  const api: JourneyContext['api'] = async (method, p, body, token) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(new URL(p, baseUrl), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed };
  };

  const mine = () => smtp.mails.filter((m) => m.receivedAt >= runStarted);

  return {
    page,
    context,
    viewport,
    baseUrl,
    async shot(name, other) {
      const shown = other ?? page;
      shotNo += 1;
      const target = path.join(shotDir, `${file}-${String(shotNo).padStart(2, '0')}-${slug(name)}.png`);
      await settle(shown); // no half-finished transitions (labels moving, dialogs fading) in the picture
      await shown.screenshot({ path: target, fullPage: false });
      // What is worth a picture is worth an accessibility check (dialogs, intermediate pages).
      await audit.check(shown, `shot ${name}`);
      return target;
    },
    mail: {
      all: mine,
      reject(address, on) {
        if (on) smtp.rejected.add(address.toLowerCase());
        else smtp.rejected.delete(address.toLowerCase());
      },
      async waitFor({ to, subject, timeoutMs = 15_000 }) {
        const deadline = Date.now() + timeoutMs;
        const want = to.toLowerCase();
        for (;;) {
          const found = mine().find(
            (m) =>
              !consumed.has(m) &&
              (m.recipients.includes(want) || m.to.toLowerCase().includes(want)) &&
              (!subject || subject.test(m.subject)),
          );
          if (found) {
            consumed.add(found);
            return found;
          }
          if (Date.now() > deadline) {
            const seen = mine().map((m) => `${m.recipients.join(',')}: ${m.subject}`);
            throw new Error(`no mail to ${to}${subject ? ` with subject ${subject}` : ''} within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`);
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      },
    },
    api,
    async prepare(opts: PrepareOptions) {
      const url = baseUrl;
      const cookies: { name: string; value: string; url: string }[] = [];
      if (opts.acceptCookies) cookies.push({ name: 'acceptCookie', value: 'true', url });
      if (opts.laboratoryId) cookies.push({ name: LAB_COOKIE, value: opts.laboratoryId, url });
      if (opts.language) cookies.push({ name: 'lang', value: opts.language, url });
      if (cookies.length) await context.addCookies(cookies);
      const storage: Record<string, string> = {};
      if (opts.laboratoryId) storage[STORAGE_KEYS.activeLaboratoryId] = opts.laboratoryId;
      if (opts.token) storage[STORAGE_KEYS.token] = opts.token;
      if (Object.keys(storage).length) {
        const marker = `e2e.prepared.${Date.now()}.${Math.random().toString(36).slice(2)}`;
        await context.addInitScript(
          ({ origin, marker, storage }) => {
            if (window.location.origin !== origin) return;
            if (window.sessionStorage.getItem(marker)) return;
            window.sessionStorage.setItem(marker, '1');
            for (const [k, v] of Object.entries(storage)) window.localStorage.setItem(k, v);
          },
          { origin: new URL(baseUrl).origin, marker, storage },
        );
      }
    },
    async registerUser(opts = {}) {
      const email = opts.email ?? `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
      const password = opts.password ?? 'Secret-pass-123';
      const firstName = opts.firstName ?? 'Anna';
      const lastName = opts.lastName ?? 'Nowak';
      const res = await api('POST', '/api/backend/register', { email, password, firstName, lastName });
      assert.ok(res.status === 200 || res.status === 201, `register answered ${res.status}: ${JSON.stringify(res.body)}`);
      const token = (res.body as { accessToken?: string } | null)?.accessToken;
      assert.ok(token, `register gave no accessToken: ${JSON.stringify(res.body)}`);
      const user: RegisteredUser = { email, password, token, firstName, lastName };
      return user;
    },
    expectNoConsoleErrors(ignore = []) {
      const bad = consoleEntries.filter((e) => e.type === 'error' || e.type === 'pageerror').filter((e) => !ignore.some((r) => r.test(e.text)) && !allowed.some((r) => r.test(e.text)));
      assert.equal(bad.length, 0, `console errors:\n${bad.map((e) => `  [${e.type}] ${e.text} (${e.location})`).join('\n')}`);
    },
    allowConsole(pattern) {
      allowed.push(pattern);
    },
    async a11y(name, other) {
      return audit.check(other ?? page, name);
    },
    async step(name, fn) {
      const t0 = Date.now();
      try {
        const result = await fn();
        log(`    ✓ ${name} (${formatMs(Date.now() - t0)})`);
        await audit.check(page, name);
        return result;
      } catch (e) {
        log(`    ✗ ${name} (${formatMs(Date.now() - t0)})`);
        const err = e instanceof Error ? e : new Error(String(e));
        err.message = `step "${name}": ${err.message}`;
        throw err;
      }
    },
  };
}
