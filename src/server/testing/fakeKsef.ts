import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fa3Errors } from '../invoices/fa3Validate';
import { aesDecrypt, rsaOaepDecrypt, sha256Base64 } from '../invoices/ksef/crypto';
import { ksefNumber } from '../invoices/ksef/number';
import { certificateDer, upoXml, type FakeInvoice, type FakeSession } from './fakeKsefDocs';

/**
 * A fake of the KSeF 2.0 API (open-api.json) on loopback HTTP for the tests. It holds its own RSA
 * key pair in the Ministry's place (published as an X.509 certificate by
 * `GET /security/public-key-certificates`), authenticates a KSeF token the way KSeF does (challenge,
 * `token|timestampMs` decrypted with RSA-OAEP SHA-256, status, one-time redeem, refresh), opens online
 * sessions whose AES-256 key it decrypts, decrypts each invoice after checking the hashes and sizes,
 * validates it against the FA(3) XSD, assigns a KSeF number in the official format (NIP, date,
 * technical part, CRC-8) and makes a UPO to the schema v4-3. It can be told to reject a buyer, to
 * answer 429 with Retry-After, to answer 503, and to stop listening altogether (connection refused).
 */

export interface FakeKsef {
  /** The API base (…/v2), for KSEF_BASE_URL. */
  baseUrl: string;
  /** The fake Ministry's public key (PEM), for KSEF_PUBLIC_KEY_PEM. */
  publicKeyPem: string;
  /** KSeF tokens it accepts and the NIP of their context. */
  tokens: Map<string, string>;
  /** Every request: method, path, status answered and when. */
  requests: { method: string; path: string; status: number; at: number }[];
  sessions: Map<string, FakeSession>;
  /** Invoices whose buyer NIP is here are rejected (450, semantic verification). */
  rejectBuyerNips: Set<string>;
  /** The next `count` requests whose path contains `pathIncludes` (any when unset) answer 429 with Retry-After. */
  tooMany: { count: number; retryAfterSeconds: number; pathIncludes?: string } | null;
  /** While true every request answers 503. */
  unavailable: boolean;
  /** Lifetime of the access tokens it issues, ms (shorten to make the client refresh). */
  accessTtlMs: number;
  /** Status reads answering 150 before an invoice's result. */
  processingReads: number;
  /** Invoices accepted, by KSeF number: the decrypted XML as received. */
  accepted: Map<string, string>;
  /** Stops listening (connection refused) until `start()`; the port stays the same. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const hex = (n: number) => crypto.randomBytes(n).toString('hex').toUpperCase();
const day = (d = new Date()) => d.toISOString().slice(0, 10).replace(/-/g, '');
/** A KSeF reference number: `YYYYMMDD-XX-XXXXXXXXXX-XXXXXXXXXX-XX` (36 characters). */
const refNumber = (kind: string) => `${day()}-${kind}-${hex(5)}-${hex(5)}-${hex(1)}`;
const tag = (xml: string, name: string, within?: string) => {
  const scope = within ? (new RegExp(`<${within}>([\\s\\S]*?)</${within}>`).exec(xml)?.[1] ?? '') : xml;
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(scope)?.[1] ?? null;
};

/**
 * KSeF's check of a correction's DaneFaKorygowanej against what it holds: a KSeF number given must be
 * the corrected invoice's (same seller, same invoice number); "not in KSeF" (NrKSeFN) is refused for
 * an invoice of the seller and buyer with that number and date that KSeF did accept.
 */
function correctionProblemIn(accepted: Map<string, string>, xml: string, sellerNip: string): string | null {
  if (tag(xml, 'RodzajFaktury') !== 'KOR') return null;
  const corrected = tag(xml, 'NrFaKorygowanej', 'DaneFaKorygowanej');
  const issuedOn = tag(xml, 'DataWystFaKorygowanej', 'DaneFaKorygowanej');
  const named = tag(xml, 'NrKSeFFaKorygowanej', 'DaneFaKorygowanej');
  const buyerNip = tag(xml, 'NIP', 'Podmiot2');
  if (named) {
    const original = accepted.get(named);
    if (!original || tag(original, 'P_2') !== corrected || tag(original, 'NIP', 'Podmiot1') !== sellerNip) return `Faktura korygowana ${named} nie istnieje w KSeF dla faktury ${corrected}.`;
    return null;
  }
  for (const [ksef, original] of accepted) {
    if (tag(original, 'P_2') === corrected && tag(original, 'P_1') === issuedOn && tag(original, 'NIP', 'Podmiot1') === sellerNip && tag(original, 'NIP', 'Podmiot2') === buyerNip) {
      return `Faktura korygowana ${corrected} ma numer KSeF ${ksef}: podaj go w NrKSeFFaKorygowanej.`;
    }
  }
  return null;
}

export async function startFakeKsef(opts: { tokens?: Record<string, string> } = {}): Promise<FakeKsef> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = certificateDer(privateKey, publicKey);
  const publicKeyId = sha256Base64(publicKey.export({ type: 'spki', format: 'der' }));
  const challenges = new Map<string, number>();
  const auths = new Map<string, { token: string; nip: string; ok: boolean; reads: number; redeemed: boolean; authToken: string }>();
  const access = new Map<string, { nip: string; tokenRef: string; until: number }>();
  const refresh = new Map<string, { nip: string; tokenRef: string }>();
  const tokenRefs = new Map<string, string>();
  const byHash = new Map<string, { ksefNumber: string; session: string }>();

  const fake = {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    tokens: new Map(Object.entries(opts.tokens ?? {})),
    requests: [],
    sessions: new Map(),
    rejectBuyerNips: new Set<string>(),
    tooMany: null,
    unavailable: false,
    accessTtlMs: 15 * 60_000,
    processingReads: 1,
    accepted: new Map(),
  } as unknown as FakeKsef;

  const handle = (req: http.IncomingMessage, body: string, send: (status: number, payload: unknown, headers?: Record<string, string>) => void) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const p = url.pathname.replace(/^\/v2/, '');
    const m = req.method ?? 'GET';
    const now = new Date();
    const exception = (status: number, code: number, description: string, details: string[] = []) =>
      send(status, { exception: { exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }], referenceNumber: refNumber('EX'), serviceCode: 'fake', timestamp: now.toISOString() } });
    const unauthorized = () => send(401, { title: 'Unauthorized', status: 401, detail: 'Brak lub nieprawidłowy token.', timestamp: now.toISOString() });
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    let json: Record<string, unknown> = {};
    if (body) {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nieprawidłowy JSON.']);
      }
    }

    if (m === 'GET' && p === '/security/public-key-certificates') {
      const entry = (usage: string) => ({
        certificate: cert.toString('base64'),
        certificateId: sha256Base64(cert),
        publicKeyId,
        validFrom: new Date(now.getTime() - 86_400_000).toISOString(),
        validTo: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        usage: [usage],
      });
      return send(200, [entry('KsefTokenEncryption'), entry('SymmetricKeyEncryption')]);
    }
    if (m === 'POST' && p === '/auth/challenge') {
      const challenge = refNumber('CR');
      challenges.set(challenge, now.getTime());
      return send(200, { challenge, timestamp: now.toISOString(), timestampMs: now.getTime(), clientIp: '127.0.0.1' });
    }
    if (m === 'POST' && p === '/auth/ksef-token') {
      const challenge = String(json.challenge ?? '');
      const at = challenges.get(challenge);
      const ctx = json.contextIdentifier as { type?: string; value?: string } | undefined;
      if (!at || now.getTime() - at > 10 * 60_000) return exception(400, 21401, 'Nieprawidłowe wyzwanie autoryzacyjne.');
      if (ctx?.type !== 'Nip' || !/^\d{10}$/.test(ctx.value ?? '')) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['contextIdentifier']);
      challenges.delete(challenge);
      let plain: string;
      try {
        plain = rsaOaepDecrypt(privateKey, Buffer.from(String(json.encryptedToken ?? ''), 'base64')).toString('utf8');
      } catch {
        return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nie udało się odszyfrować tokena.']);
      }
      const [token, ts] = plain.split('|');
      const ok = ts === String(at) && fake.tokens.get(token ?? '') === ctx.value;
      const ref = refNumber('AU');
      const authToken = crypto.randomBytes(24).toString('base64url');
      auths.set(ref, { token: token ?? '', nip: ctx.value as string, ok, reads: 0, redeemed: false, authToken });
      if (!tokenRefs.has(token ?? '')) tokenRefs.set(token ?? '', refNumber('TK'));
      return send(202, { referenceNumber: ref, authenticationToken: { token: authToken, validUntil: new Date(now.getTime() + 10 * 60_000).toISOString() } });
    }
    const authMatch = /^\/auth\/([^/]+)$/.exec(p);
    if (m === 'GET' && authMatch && authMatch[1] !== 'challenge') {
      const a = auths.get(decodeURIComponent(authMatch[1] as string));
      if (!a || a.authToken !== bearer) return unauthorized();
      a.reads++;
      const status =
        a.reads === 1
          ? { code: 100, description: 'Uwierzytelnianie w toku' }
          : a.ok
            ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
            : { code: 450, description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu', details: ['Nieprawidłowy token'] };
      return send(200, { startDate: now.toISOString(), authenticationMethod: 'Token', authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' }, status });
    }
    if (m === 'POST' && p === '/auth/token/redeem') {
      const a = [...auths.values()].find((x) => x.authToken === bearer);
      if (!a) return unauthorized();
      if (!a.ok || a.reads < 2 || a.redeemed) return exception(400, 21301, 'Brak autoryzacji.', ['Tokeny zostały już pobrane lub uwierzytelnianie nie zakończyło się sukcesem.']);
      a.redeemed = true;
      const tokenRef = tokenRefs.get(a.token) as string;
      const acc = crypto.randomBytes(24).toString('base64url');
      const ref = crypto.randomBytes(24).toString('base64url');
      access.set(acc, { nip: a.nip, tokenRef, until: now.getTime() + fake.accessTtlMs });
      refresh.set(ref, { nip: a.nip, tokenRef });
      return send(200, {
        accessToken: { token: acc, validUntil: new Date(now.getTime() + fake.accessTtlMs).toISOString() },
        refreshToken: { token: ref, validUntil: new Date(now.getTime() + 7 * 86_400_000).toISOString() },
      });
    }
    if (m === 'POST' && p === '/auth/token/refresh') {
      const r = refresh.get(bearer);
      if (!r) return unauthorized();
      const acc = crypto.randomBytes(24).toString('base64url');
      access.set(acc, { ...r, until: now.getTime() + fake.accessTtlMs });
      return send(200, { accessToken: { token: acc, validUntil: new Date(now.getTime() + fake.accessTtlMs).toISOString() } });
    }

    // Everything below needs a valid access token.
    const who = access.get(bearer);
    if (!who || who.until < now.getTime()) return unauthorized();

    if (m === 'POST' && p === '/sessions/online') {
      const form = json.formCode as { systemCode?: string; schemaVersion?: string; value?: string } | undefined;
      if (form?.systemCode !== 'FA (3)' || form.schemaVersion !== '1-0E' || form.value !== 'FA') return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['formCode']);
      const enc = json.encryption as { encryptedSymmetricKey?: string; initializationVector?: string } | undefined;
      let key: Buffer;
      try {
        key = rsaOaepDecrypt(privateKey, Buffer.from(enc?.encryptedSymmetricKey ?? '', 'base64'));
      } catch {
        return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nie udało się odszyfrować klucza symetrycznego.']);
      }
      const iv = Buffer.from(enc?.initializationVector ?? '', 'base64');
      if (key.length !== 32 || iv.length !== 16) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Klucz 256 bitów i wektor 128 bitów.']);
      const session: FakeSession = { referenceNumber: refNumber('SO'), nip: who.nip, tokenRef: who.tokenRef, key, iv, open: true, dateCreated: now.toISOString(), invoices: [] };
      fake.sessions.set(session.referenceNumber, session);
      return send(201, { referenceNumber: session.referenceNumber, validUntil: new Date(now.getTime() + 12 * 3_600_000).toISOString() });
    }
    const sendMatch = /^\/sessions\/online\/([^/]+)\/invoices$/.exec(p);
    if (m === 'POST' && sendMatch) {
      const session = fake.sessions.get(decodeURIComponent(sendMatch[1] as string));
      if (!session || session.nip !== who.nip) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nieznana sesja.']);
      if (!session.open) return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.');
      const encrypted = Buffer.from(String(json.encryptedInvoiceContent ?? ''), 'base64');
      if (sha256Base64(encrypted) !== json.encryptedInvoiceHash || encrypted.length !== json.encryptedInvoiceSize) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Skrót lub rozmiar zaszyfrowanej faktury się nie zgadza.']);
      const inv: FakeInvoice = {
        ordinalNumber: session.invoices.length + 1,
        referenceNumber: refNumber('EE'),
        invoiceHash: String(json.invoiceHash ?? ''),
        invoiceNumber: null,
        ksefNumber: null,
        invoicingDate: now.toISOString(),
        acquisitionDate: null,
        status: { code: 100, description: 'Faktura przyjęta do dalszego przetwarzania' },
        pendingReads: fake.processingReads,
        upo: null,
        xml: '',
      };
      session.invoices.push(inv);
      let plain: Buffer | null = null;
      try {
        plain = aesDecrypt(session.key, session.iv, encrypted);
      } catch {
        inv.status = { code: 435, description: 'Błąd odszyfrowania pliku' };
      }
      if (plain) {
        const xml = plain.toString('utf8');
        inv.xml = xml;
        inv.invoiceNumber = tag(xml, 'P_2');
        const sellerNip = tag(xml, 'NIP', 'Podmiot1') ?? '';
        const buyerNip = tag(xml, 'NIP', 'Podmiot2') ?? '';
        const duplicate = byHash.get(inv.invoiceHash);
        const schemaErrors = sha256Base64(plain) === inv.invoiceHash && plain.length === json.invoiceSize ? fa3Errors(xml) : 'hash';
        if (schemaErrors === 'hash') inv.status = { code: 430, description: 'Błąd weryfikacji pliku faktury', details: ['Skrót lub rozmiar faktury się nie zgadza.'] };
        else if (schemaErrors) inv.status = { code: 430, description: 'Błąd weryfikacji pliku faktury', details: [schemaErrors.split('\n')[0] ?? ''] };
        else if (sellerNip !== session.nip) inv.status = { code: 410, description: 'Nieprawidłowy zakres uprawnień', details: [`Kontekst ${session.nip} nie może wystawiać faktur sprzedawcy ${sellerNip}.`] };
        else if (duplicate)
          inv.status = { code: 440, description: 'Duplikat faktury', extensions: { originalSessionReferenceNumber: duplicate.session, originalKsefNumber: duplicate.ksefNumber } };
        else if (fake.rejectBuyerNips.has(buyerNip)) inv.status = { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury', details: [`Nabywca ${buyerNip} nie może otrzymać tej faktury.`] };
        else if (correctionProblemIn(fake.accepted, xml, sellerNip)) inv.status = { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury', details: [correctionProblemIn(fake.accepted, xml, sellerNip) as string] };
        else {
          inv.acquisitionDate = new Date(now.getTime() + 1).toISOString();
          inv.ksefNumber = ksefNumber(sellerNip, day(now), hex(6));
          inv.status = { code: 200, description: 'Sukces' };
          inv.upo = upoXml(session, inv, sellerNip, tag(xml, 'P_1') ?? '');
          byHash.set(inv.invoiceHash, { ksefNumber: inv.ksefNumber, session: session.referenceNumber });
          fake.accepted.set(inv.ksefNumber, xml);
        }
      }
      return send(202, { referenceNumber: inv.referenceNumber });
    }
    const sessionMatch = /^\/sessions\/([^/]+)(\/.*)?$/.exec(p);
    const session = sessionMatch && sessionMatch[1] !== 'online' ? fake.sessions.get(decodeURIComponent(sessionMatch[1] as string)) : undefined;
    if (sessionMatch && sessionMatch[1] !== 'online' && (!session || session.nip !== who.nip)) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nieznana sesja.']);
    const rest = sessionMatch?.[2] ?? '';
    if (session && m === 'GET' && rest === '') {
      const failed = session.invoices.filter((i) => i.status.code >= 400).length;
      const ok = session.invoices.filter((i) => i.status.code === 200).length;
      const status = session.open ? { code: 100, description: 'Sesja interaktywna otwarta' } : ok ? { code: 200, description: 'Sesja interaktywna przetworzona pomyślnie' } : { code: 445, description: 'Błąd weryfikacji, brak poprawnych faktur' };
      return send(200, { status, dateCreated: session.dateCreated, dateUpdated: now.toISOString(), invoiceCount: session.invoices.length, successfulInvoiceCount: ok, failedInvoiceCount: failed });
    }
    const invMatch = /^\/invoices\/([^/]+)(\/upo)?$/.exec(rest);
    const ksefUpo = /^\/invoices\/ksef\/([^/]+)\/upo$/.exec(rest);
    if (session && m === 'GET' && ksefUpo) {
      const inv = session.invoices.find((i) => i.ksefNumber === decodeURIComponent(ksefUpo[1] as string));
      if (!inv?.upo) return exception(404, 21165, 'Nie znaleziono UPO.');
      return send(200, inv.upo, { 'content-type': 'application/xml' });
    }
    if (session && m === 'GET' && invMatch) {
      const inv = session.invoices.find((i) => i.referenceNumber === decodeURIComponent(invMatch[1] as string));
      if (!inv) return exception(404, 21165, 'Nie znaleziono faktury.');
      if (invMatch[2]) {
        if (!inv.upo || inv.pendingReads > 0) return exception(404, 21165, 'Nie znaleziono UPO.');
        return send(200, inv.upo, { 'content-type': 'application/xml' });
      }
      const processing = inv.pendingReads > 0;
      if (processing) inv.pendingReads--;
      const status = processing ? { code: 150, description: 'Trwa przetwarzanie' } : inv.status;
      return send(200, {
        ordinalNumber: inv.ordinalNumber,
        referenceNumber: inv.referenceNumber,
        invoiceHash: inv.invoiceHash,
        invoiceNumber: inv.invoiceNumber,
        ksefNumber: processing ? null : inv.ksefNumber,
        invoicingDate: inv.invoicingDate,
        acquisitionDate: processing ? null : inv.acquisitionDate,
        invoicingMode: 'Online',
        status,
      });
    }
    const closeMatch = /^\/sessions\/online\/([^/]+)\/close$/.exec(p);
    if (m === 'POST' && closeMatch) {
      const s = fake.sessions.get(decodeURIComponent(closeMatch[1] as string));
      if (!s || s.nip !== who.nip) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nieznana sesja.']);
      s.open = false;
      return send(204, null);
    }
    return send(404, { title: 'Not Found', status: 404, detail: p, timestamp: now.toISOString() });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record = (status: number) => fake.requests.push({ method: req.method ?? 'GET', path: (req.url ?? '').replace(/^\/v2/, ''), status, at: Date.now() });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        record(status);
        if (status === 204) {
          res.writeHead(204, headers);
          return res.end();
        }
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text);
      };
      if (fake.unavailable) return send(503, { title: 'Service Unavailable', status: 503, detail: 'Przerwa techniczna.', timestamp: new Date().toISOString() });
      const tm = fake.tooMany;
      if (tm && tm.count > 0 && (!tm.pathIncludes || (req.url ?? '').includes(tm.pathIncludes))) {
        tm.count--;
        return send(
          429,
          { status: { code: 429, description: 'Too Many Requests', details: [`Przekroczono limit żądań. Spróbuj ponownie po ${tm.retryAfterSeconds} sekundach.`] } },
          { 'retry-after': String(tm.retryAfterSeconds) },
        );
      }
      try {
        handle(req, Buffer.concat(chunks).toString('utf8'), send);
      } catch (e) {
        send(500, { title: 'Internal Server Error', status: 500, detail: String(e), timestamp: new Date().toISOString() });
      }
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.baseUrl = `http://127.0.0.1:${port}/v2`;
  fake.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  fake.start = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.close = async () => {
    if (server.listening) await fake.stop();
  };
  return fake;
}
