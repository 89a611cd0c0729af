import crypto from 'node:crypto';
import { publicKeyOfPem, type KsefConfig } from '@/server/ksefConfig';
import { aesEncrypt, publicKeyOfDerBase64, rsaOaepEncrypt, sha256Base64 } from './crypto';

/**
 * A client of the KSeF 2.0 API (open-api.json; uwierzytelnianie.md, sesja-interaktywna.md,
 * faktury/sesje/sesja-sprawdzenie-stanu-i-pobranie-upo.md), on Node's fetch and crypto:
 * - authentication with a KSeF token: `POST /auth/challenge`, the string `token|timestampMs`
 *   encrypted RSA-OAEP SHA-256 with the Ministry's key for tokens, `POST /auth/ksef-token`, the
 *   status `GET /auth/{ref}` polled until 200, `POST /auth/token/redeem` for the access and refresh
 *   tokens, `POST /auth/token/refresh` when the access token runs out;
 * - an online session: a random AES-256 key and IV, the key encrypted RSA-OAEP SHA-256 with the
 *   Ministry's key for symmetric keys (`POST /sessions/online`), each invoice AES-256-CBC encrypted
 *   with the SHA-256 hashes and sizes of the plain and the encrypted file, the invoice's status, its
 *   UPO, the session's status and its closing.
 * Every request has a time-out; a 429 is waited out when its Retry-After is short and reported
 * (KsefUnavailable with the delay) when it is long; 5xx, time-outs and refused connections are
 * KsefUnavailable too, so the caller tries again later. Other refusals are KsefRefused.
 */

/** KSeF cannot be reached or asks to wait: try again after `retryAfterMs` (when it said). */
export class KsefUnavailable extends Error {
  constructor(
    message: string,
    public readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'KsefUnavailable';
  }
}

/** KSeF refused a request (4xx other than 401 and 429): trying again the same way will not help. */
export class KsefRefused extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'KsefRefused';
  }
}

class KsefUnauthorized extends Error {}

export interface KsefStatus {
  code: number;
  description: string;
  details?: string[];
  extensions?: Record<string, string | null> | null;
}

export interface SessionInvoiceStatus {
  referenceNumber: string;
  ksefNumber?: string | null;
  invoiceNumber?: string | null;
  invoicingDate?: string;
  acquisitionDate?: string | null;
  upoDownloadUrl?: string | null;
  status: KsefStatus;
}

export interface SessionStatus {
  status: KsefStatus;
  invoiceCount?: number | null;
  successfulInvoiceCount?: number | null;
  failedInvoiceCount?: number | null;
  upo?: { pages: { referenceNumber: string; downloadUrl: string }[] } | null;
}

export interface OnlineSession {
  referenceNumber: string;
  validUntil: string;
  key: Buffer;
  iv: Buffer;
}

export interface KsefClientOptions {
  /** Time-out of each request, ms. */
  timeoutMs?: number;
  /** A 429 whose Retry-After is at most this long is waited out in place, ms; longer ones are reported. */
  maxInlineWaitMs?: number;
  /** How long the authentication status is polled before giving up for now, ms. */
  authPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

interface TokenInfo {
  token: string;
  validUntil: string;
}

interface AuthState {
  access: TokenInfo | null;
  refresh: TokenInfo | null;
  keys: { token: crypto.KeyObject; symmetric: crypto.KeyObject } | null;
}

/** Tokens and keys per KSeF address, context and token, kept for the process (never stored). */
const states = new Map<string, AuthState>();

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The reason KSeF gives in an error body (its exception list or problem details), for logs and rows. */
function reasonOf(body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  const exc = (b.exception as { exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string; details?: string[] }[] } | undefined)?.exceptionDetailList;
  if (exc?.length) return exc.map((e) => [e.exceptionCode, e.exceptionDescription, ...(e.details ?? [])].filter((x) => x !== undefined && x !== '').join(' ')).join('; ');
  const status = b.status as KsefStatus | undefined;
  if (status && typeof status === 'object') return [status.code, status.description, ...(status.details ?? [])].join(' ');
  if (typeof b.detail === 'string') return [b.title, b.detail].filter(Boolean).join(': ');
  return '';
}

export class KsefClient {
  private readonly timeoutMs: number;
  private readonly maxInlineWaitMs: number;
  private readonly authPollMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly state: AuthState;

  constructor(
    private readonly config: Pick<KsefConfig, 'baseUrl' | 'token' | 'nip' | 'publicKeyPem'>,
    opts: KsefClientOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.maxInlineWaitMs = opts.maxInlineWaitMs ?? 5_000;
    this.authPollMs = opts.authPollMs ?? 30_000;
    this.sleep = opts.sleep ?? wait;
    const id = `${config.baseUrl}|${config.nip}|${sha256Base64(config.token)}`;
    if (!states.has(id)) states.set(id, { access: null, refresh: null, keys: null });
    this.state = states.get(id)!;
  }

  /** One request: JSON in, JSON (or text) out; 429 waited out when short; errors classified. */
  private async request<T>(method: string, path: string, opts: { bearer?: string; json?: unknown; text?: boolean } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${this.config.baseUrl}${path}`, {
          method,
          headers: {
            accept: opts.text ? 'application/xml' : 'application/json',
            ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}),
          },
          body: opts.json !== undefined ? JSON.stringify(opts.json) : undefined,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (e) {
        const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
        throw new KsefUnavailable(`KSeF ${method} ${path}: no answer (${cause})`);
      }
      if (res.status === 429) {
        const after = retryAfterMs(res.headers.get('retry-after'));
        await res.arrayBuffer().catch(() => undefined);
        if (after !== null && after <= this.maxInlineWaitMs && attempt < 3) {
          await this.sleep(after);
          continue;
        }
        throw new KsefUnavailable(`KSeF ${method} ${path}: 429 Too Many Requests`, after ?? 60_000);
      }
      const raw = await res.text().catch(() => '');
      if (res.ok) {
        if (opts.text) return raw as T;
        return (raw ? JSON.parse(raw) : undefined) as T;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const reason = reasonOf(body) || raw.slice(0, 200);
      if (res.status >= 500) throw new KsefUnavailable(`KSeF ${method} ${path}: ${res.status} ${reason}`.trim(), retryAfterMs(res.headers.get('retry-after')));
      if (res.status === 401) throw new KsefUnauthorized(`KSeF ${method} ${path}: 401 ${reason}`);
      throw new KsefRefused(`KSeF ${method} ${path}: ${res.status} ${reason}`.trim(), res.status);
    }
  }

  /** The Ministry's keys: KSEF_PUBLIC_KEY_PEM for both uses, else the published certificates valid now. */
  async publicKeys(): Promise<{ token: crypto.KeyObject; symmetric: crypto.KeyObject }> {
    if (this.state.keys) return this.state.keys;
    if (this.config.publicKeyPem) {
      const key = publicKeyOfPem(this.config.publicKeyPem);
      this.state.keys = { token: key, symmetric: key };
      return this.state.keys;
    }
    const certs = await this.request<{ certificate: string; usage: string[]; validFrom: string; validTo: string }[]>('GET', '/security/public-key-certificates');
    const now = Date.now();
    const pick = (usage: string) => {
      const c = certs.filter((x) => x.usage.includes(usage) && Date.parse(x.validFrom) <= now && now < Date.parse(x.validTo)).sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
      if (!c) throw new KsefRefused(`KSeF publishes no valid key for ${usage}`, 0);
      return publicKeyOfDerBase64(c.certificate);
    };
    this.state.keys = { token: pick('KsefTokenEncryption'), symmetric: pick('SymmetricKeyEncryption') };
    return this.state.keys;
  }

  /** The whole authentication with the KSeF token; keeps the access and refresh tokens. */
  async authenticate(): Promise<string> {
    const keys = await this.publicKeys();
    const challenge = await this.request<{ challenge: string; timestampMs: number }>('POST', '/auth/challenge');
    const encryptedToken = rsaOaepEncrypt(keys.token, Buffer.from(`${this.config.token}|${challenge.timestampMs}`, 'utf8')).toString('base64');
    const started = await this.request<{ referenceNumber: string; authenticationToken: TokenInfo }>('POST', '/auth/ksef-token', {
      json: { challenge: challenge.challenge, contextIdentifier: { type: 'Nip', value: this.config.nip }, encryptedToken },
    });
    const authToken = started.authenticationToken.token;
    const deadline = Date.now() + this.authPollMs;
    for (let pause = 200; ; pause = Math.min(pause * 2, 2000)) {
      const status = await this.request<{ status: KsefStatus }>('GET', `/auth/${encodeURIComponent(started.referenceNumber)}`, { bearer: authToken });
      if (status.status.code === 200) break;
      if (status.status.code !== 100) {
        const why = `KSeF authentication failed: ${status.status.code} ${status.status.description} ${(status.status.details ?? []).join('; ')}`.trim();
        if (status.status.code >= 500) throw new KsefUnavailable(why);
        throw new KsefRefused(why, status.status.code);
      }
      if (Date.now() > deadline) throw new KsefUnavailable('KSeF authentication still in progress');
      await this.sleep(pause);
    }
    const tokens = await this.request<{ accessToken: TokenInfo; refreshToken: TokenInfo }>('POST', '/auth/token/redeem', { bearer: authToken });
    this.state.access = tokens.accessToken;
    this.state.refresh = tokens.refreshToken;
    return tokens.accessToken.token;
  }

  /** A valid access token: the kept one, a refreshed one, or a new authentication. */
  async accessToken(): Promise<string> {
    const soon = Date.now() + 60_000;
    if (this.state.access && Date.parse(this.state.access.validUntil) > soon) return this.state.access.token;
    if (this.state.refresh && Date.parse(this.state.refresh.validUntil) > soon) {
      try {
        const r = await this.request<{ accessToken: TokenInfo }>('POST', '/auth/token/refresh', { bearer: this.state.refresh.token });
        this.state.access = r.accessToken;
        return r.accessToken.token;
      } catch (e) {
        if (!(e instanceof KsefUnauthorized || e instanceof KsefRefused)) throw e;
        this.state.refresh = null;
      }
    }
    return this.authenticate();
  }

  /** Runs `fn` with an access token; a 401 (token revoked or expired early) authenticates once more. */
  private async authed<T>(fn: (token: string) => Promise<T>): Promise<T> {
    try {
      return await fn(await this.accessToken());
    } catch (e) {
      if (!(e instanceof KsefUnauthorized)) throw e;
      this.state.access = null;
      this.state.refresh = null;
      try {
        return await fn(await this.authenticate());
      } catch (again) {
        if (again instanceof KsefUnauthorized) throw new KsefRefused(again.message, 401);
        throw again;
      }
    }
  }

  /** Opens an online session for FA(3) with a fresh AES-256 key and IV. */
  async openSession(): Promise<OnlineSession> {
    const keys = await this.publicKeys();
    const key = crypto.randomBytes(32);
    const iv = crypto.randomBytes(16);
    const encryption = { encryptedSymmetricKey: rsaOaepEncrypt(keys.symmetric, key).toString('base64'), initializationVector: iv.toString('base64') };
    const opened = await this.authed((bearer) =>
      this.request<{ referenceNumber: string; validUntil: string }>('POST', '/sessions/online', { bearer, json: { formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' }, encryption } }),
    );
    return { referenceNumber: opened.referenceNumber, validUntil: opened.validUntil, key, iv };
  }

  /** Sends one invoice file in the session; answers the invoice's reference number. */
  async sendInvoice(session: OnlineSession, file: Buffer, opts: { offlineMode?: boolean } = {}): Promise<string> {
    const encrypted = aesEncrypt(session.key, session.iv, file);
    const json = {
      invoiceHash: sha256Base64(file),
      invoiceSize: file.length,
      encryptedInvoiceHash: sha256Base64(encrypted),
      encryptedInvoiceSize: encrypted.length,
      encryptedInvoiceContent: encrypted.toString('base64'),
      offlineMode: opts.offlineMode ?? false,
    };
    const sent = await this.authed((bearer) => this.request<{ referenceNumber: string }>('POST', `/sessions/online/${encodeURIComponent(session.referenceNumber)}/invoices`, { bearer, json }));
    return sent.referenceNumber;
  }

  invoiceStatus(sessionRef: string, invoiceRef: string): Promise<SessionInvoiceStatus> {
    return this.authed((bearer) => this.request('GET', `/sessions/${encodeURIComponent(sessionRef)}/invoices/${encodeURIComponent(invoiceRef)}`, { bearer }));
  }

  invoiceUpo(sessionRef: string, invoiceRef: string): Promise<string> {
    return this.authed((bearer) => this.request('GET', `/sessions/${encodeURIComponent(sessionRef)}/invoices/${encodeURIComponent(invoiceRef)}/upo`, { bearer, text: true }));
  }

  invoiceUpoByKsefNumber(sessionRef: string, ksefNumber: string): Promise<string> {
    return this.authed((bearer) => this.request('GET', `/sessions/${encodeURIComponent(sessionRef)}/invoices/ksef/${encodeURIComponent(ksefNumber)}/upo`, { bearer, text: true }));
  }

  sessionStatus(sessionRef: string): Promise<SessionStatus> {
    return this.authed((bearer) => this.request('GET', `/sessions/${encodeURIComponent(sessionRef)}`, { bearer }));
  }

  async closeSession(sessionRef: string): Promise<void> {
    await this.authed((bearer) => this.request('POST', `/sessions/online/${encodeURIComponent(sessionRef)}/close`, { bearer }));
  }
}

/** Tests: forget the kept tokens and keys (a new fake KSeF, a revoked token). */
export function forgetKsefTokens(): void {
  states.clear();
}
