import crypto from 'node:crypto';

/**
 * The cryptography KSeF 2.0 asks of a client (sesja-interaktywna.md, uwierzytelnianie.md,
 * bezpieczenstwo/klucze-publiczne-do-szyfrowania.md): RSA-OAEP with SHA-256 (and MGF1 SHA-256)
 * under the Ministry's public key for the KSeF token and the session's symmetric key; AES-256-CBC
 * with PKCS#7 padding for each invoice; SHA-256 hashes in Base64 with the byte sizes.
 */

export function rsaOaepEncrypt(key: crypto.KeyObject, plain: Buffer): Buffer {
  return crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, plain);
}

export function rsaOaepDecrypt(key: crypto.KeyObject, cipher: Buffer): Buffer {
  return crypto.privateDecrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, cipher);
}

export function aesEncrypt(key: Buffer, iv: Buffer, plain: Buffer): Buffer {
  const c = crypto.createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([c.update(plain), c.final()]);
}

export function aesDecrypt(key: Buffer, iv: Buffer, cipher: Buffer): Buffer {
  const d = crypto.createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([d.update(cipher), d.final()]);
}

export const sha256Base64 = (data: Buffer | string): string => crypto.createHash('sha256').update(data).digest('base64');
export const sha256Base64Url = (data: Buffer | string): string => crypto.createHash('sha256').update(data).digest('base64url');

/** A public key published by KSeF: an X.509 certificate (DER, Base64), or a bare SubjectPublicKeyInfo. */
export function publicKeyOfDerBase64(b64: string): crypto.KeyObject {
  const der = Buffer.from(b64, 'base64');
  try {
    return new crypto.X509Certificate(der).publicKey;
  } catch {
    return crypto.createPublicKey({ key: der, format: 'der', type: 'spki' });
  }
}
