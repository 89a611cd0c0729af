/** The decryption half of `http_ece` (RFC 8188 / RFC 8291), as the fake push service uses it. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
