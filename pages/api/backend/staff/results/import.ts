import type { NextApiRequest, NextApiResponse } from 'next';
import { object, string } from 'yup';
import { method, MAX_BODY_BYTES, route, sendError } from '@/server/http/route';
import { HttpError } from '@/server/http/errors';
import { authenticate } from '@/server/http/auth';
import { getDb } from '@/server/db/createDb';
import { resultsImportSchema } from '@/shared/validation/results';
import { importResults } from '@/server/staff/staff';
import { importHl7, isHl7ContentType } from '@/server/interop/hl7Import';

export const config = { api: { bodyParser: false } };

/** Results posted by a laboratory system as JSON (idempotent upsert; see docs/openapi.yaml). */
const json = route({
  POST: method({
    auth: 'staff',
    body: resultsImportSchema,
    handler: ({ db, user, body, ip }) => importResults(db, user, body, { actor: user, ip }),
  }),
});

/** The same import as an HL7 v2.5.1 ORU^R01 message; the answer is an HL7 ACK in the request's content type. */
const hl7 = route({
  POST: method({
    auth: 'staff',
    body: object({ er7: string().required(), contentType: string().required() }),
    handler: async ({ db, user, body, res }) => {
      const outcome = await importHl7(db, user, body.er7);
      res.setHeader('Content-Type', `${body.contentType}; charset=utf-8`);
      res.status(outcome.ack === 'AA' ? 200 : outcome.ack === 'AE' ? 422 : 400).send(outcome.message);
    },
  }),
});

async function readText(req: NextApiRequest): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export default async function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const contentType = isHl7ContentType(req.headers['content-type']);
  if (!contentType || req.method !== 'POST') return json(req, res);
  try {
    // Who asks is known before the message is read (the route checks the staff role again).
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '')?.[1];
    if (!token || !(await authenticate(await getDb(), token))) throw new HttpError(401, 'Not authorized');
    // The route takes a body it finds already read; the message travels as text.
    req.body = { er7: typeof req.body === 'string' ? req.body : await readText(req), contentType };
  } catch (e) {
    res.setHeader('Cache-Control', 'no-store');
    return sendError(res, e);
  }
  return hl7(req, res);
}
