import type { Page, BrowserContext } from 'playwright-core';
import type { ReceivedMail } from './smtpSink';
import type { AxeViolation } from './axe';

export type ViewportName = 'desktop' | 'phone';

export interface JourneyOptions {
  /** Position reported by the browser (geolocation permission must be granted to read it). */
  geolocation?: { latitude: number; longitude: number };
  /** Browser permissions granted for the app's origin, e.g. ['geolocation']. */
  permissions?: string[];
  /** Browser locale (Accept-Language, navigator.language); default en-US. */
  locale?: string;
  /** The browser's time zone (IANA), e.g. `America/New_York`; default the machine's. */
  timezoneId?: string;
  /** Only run on these viewports (default both). */
  viewports?: ViewportName[];
  /** Time limit of one run in ms (default 180000). */
  timeoutMs?: number;
}

export interface MailQuery {
  /** Recipient address (case-insensitive). */
  to: string;
  subject?: RegExp;
  /** Default 15000 ms. */
  timeoutMs?: number;
}

export interface ApiResponse {
  status: number;
  // The body is whatever JSON the API answered; journeys assert on it.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface PrepareOptions {
  /** Sets the `acceptCookie` cookie so the cookie banner does not show. */
  acceptCookies?: boolean;
  /** Active laboratory id: browser storage and the laboratory cookie. */
  laboratoryId?: string;
  /** Bearer token put into browser storage (a logged-in session). */
  token?: string;
  /** Interface language cookie (en, ru, pl). */
  language?: string;
}

export interface RegisteredUser {
  email: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
}

export interface JourneyContext {
  page: Page;
  context: BrowserContext;
  viewport: ViewportName;
  baseUrl: string;
  /** Saves a screenshot to e2e/artifacts/<viewport>/<journey>-<nn>-<name>.png (of `page`, or of another page, e.g. a second browser's). */
  shot(name: string, page?: Page): Promise<string>;
  mail: {
    /** Waits for a mail to `to` received during this run; each mail is returned once. */
    waitFor(query: MailQuery): Promise<ReceivedMail>;
    /** Mails received during this run so far. */
    all(): ReceivedMail[];
    /** From now on the SMTP server answers mail to `address` with a permanent 550 (`false`: accepts it again). */
    reject(address: string, on: boolean): void;
  };
  /** A JSON call against the app, e.g. ctx.api('GET', '/api/backend/laboratories'). */
  api(method: string, path: string, body?: unknown, token?: string | null): Promise<ApiResponse>;
  /** Cookies now, browser storage through an init script that runs once before the next navigation. */
  prepare(options: PrepareOptions): Promise<void>;
  /** Registers a new user through the backend API (unique e-mail unless given). */
  registerUser(options?: { email?: string; password?: string; firstName?: string; lastName?: string }): Promise<RegisteredUser>;
  /** Fails when the page logged any console error so far (optionally ignoring some). */
  expectNoConsoleErrors(ignore?: RegExp[]): void;
  /** Console messages matching one of these no longer fail the run (expected errors). */
  allowConsole(pattern: RegExp): void;
  /**
   * Runs axe (WCAG 2.x A/AA) on the page as it is now and records the result; every step already
   * ends with such a check, this one is for states inside a step (an open dialog, a second page).
   * Violations fail the run at its end; the returned list lets a journey assert on them too.
   */
  a11y(name: string, page?: Page): Promise<AxeViolation[]>;
  /** A named step: timed, printed, and named in the failure message; axe checks the page after it. */
  step<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export interface Journey {
  name: string;
  options: JourneyOptions;
  run(ctx: JourneyContext): Promise<void>;
}

type Body = (ctx: JourneyContext) => Promise<void>;

/** Declares a browser journey: `export default journey('name', options?, async (ctx) => {...})`. */
export function journey(name: string, body: Body): Journey;
export function journey(name: string, options: JourneyOptions, body: Body): Journey;
export function journey(name: string, a: JourneyOptions | Body, b?: Body): Journey {
  if (typeof a === 'function') return { name, options: {}, run: a };
  if (!b) throw new Error(`journey "${name}" needs a body`);
  return { name, options: a, run: b };
}
