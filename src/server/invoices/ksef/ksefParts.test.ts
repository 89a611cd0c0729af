import crypto from 'node:crypto';
import { isValidKsefNumber, ksefNumber } from './number';
import { invoiceQrFacts, invoiceVerificationUrl } from './qr';
import { aesDecrypt, aesEncrypt, rsaOaepDecrypt, rsaOaepEncrypt, sha256Base64 } from './crypto';
import { retryAfterMs } from './client';
import { nextAttemptDelayMs } from '../ksef';

/** The pieces of the KSeF client against the official documents' own examples. */
test('KSeF numbers: the examples of numer-ksef.md and a UPO example are valid; a changed character or checksum is not', () => {
  expect(isValidKsefNumber('5265877635-20250826-0100001AF629-AF')).toBe(true);
  expect(isValidKsefNumber('5265877635-20250916-0200A0D6723E-C2')).toBe(true);
  expect(isValidKsefNumber('5265877635-20250826-0100001AF628-AF')).toBe(false);
  expect(isValidKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false);
  expect(ksefNumber('5265877635', '2025-08-26', '0100001af629')).toBe('5265877635-20250826-0100001AF629-AF');
});

test('KOD I: the environment address, NIP, P_1 as DD-MM-YYYY and the Base64URL SHA-256 of the file', () => {
  const xml = '<Faktura><Podmiot1><DaneIdentyfikacyjne><NIP>1111111111</NIP></DaneIdentyfikacyjne></Podmiot1><Fa><P_1>2026-02-01</P_1></Fa></Faktura>';
  const hash = crypto.createHash('sha256').update(xml).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  expect(invoiceQrFacts(xml)).toEqual({ issueDate: '2026-02-01', sellerNip: '1111111111' });
  expect(invoiceVerificationUrl('test', '1111111111', '2026-02-01', xml)).toBe(`https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/${hash}`);
  expect(invoiceVerificationUrl('demo', '1111111111', '2026-02-01', xml)).toMatch(/^https:\/\/qr-demo\.ksef\.mf\.gov\.pl\/invoice\//);
  expect(invoiceVerificationUrl('prod', '1111111111', '2026-02-01', xml)).toMatch(/^https:\/\/qr\.ksef\.mf\.gov\.pl\/invoice\//);
});

test('encryption: RSA-OAEP SHA-256 and AES-256-CBC round trips; PKCS#7 adds a block to a whole number of blocks', () => {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = crypto.randomBytes(32);
  expect(rsaOaepDecrypt(privateKey, rsaOaepEncrypt(publicKey, key)).equals(key)).toBe(true);
  const iv = crypto.randomBytes(16);
  const file = Buffer.alloc(6480, 'a');
  const enc = aesEncrypt(key, iv, file);
  expect(enc.length).toBe(6496);
  expect(aesDecrypt(key, iv, enc).equals(file)).toBe(true);
  expect(sha256Base64(file)).toHaveLength(44);
});

test('Retry-After in seconds or as a date; the next attempt honours it, else doubles from 30 s up to 30 minutes', () => {
  expect(retryAfterMs('30')).toBe(30_000);
  expect(retryAfterMs(new Date(Date.now() + 90_000).toUTCString(), Date.now())).toBeGreaterThan(80_000);
  expect(retryAfterMs(null)).toBeNull();
  expect(retryAfterMs('soon')).toBeNull();
  expect([1, 2, 3].map((n) => nextAttemptDelayMs(n, null))).toEqual([30_000, 60_000, 120_000]);
  expect(nextAttemptDelayMs(20, null)).toBe(30 * 60_000);
  expect(nextAttemptDelayMs(1, 120_000)).toBe(120_000);
});
