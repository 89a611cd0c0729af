import type { NextApiResponse } from 'next';

/**
 * Answers ready bytes (a kept JSON list, a PDF) as they are. Next's `res.send` makes an entity tag
 * of every body it sends, and for a Buffer it first turns the bytes into a JSON array of numbers
 * (`JSON.stringify(buffer)`) and hashes that: for the 110 kB price list that was most of the
 * request's time. Routes that want an entity tag set their own (`labService`).
 */
export function sendBytes(res: NextApiResponse, status: number, body: Buffer | Uint8Array, contentType: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', String(body.length));
  res.status(status).end(body);
}
