import { createHash } from 'node:crypto';
import { HttpError } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import { log } from '@/server/log';
import { fa3SchemaErrors } from './fa3Validate';

export const INVOICE_INVALID = 'The invoice could not be made a valid KSeF document; nothing was issued';

/**
 * Documents whose exact XML passed the FA(3) check (their SHA-256), so the check under the lock is a
 * look-up. The schema check is slow (libxml2 in WebAssembly, tens to hundreds of milliseconds): it runs
 * before the write transaction, on the document built with the number the series will most likely
 * give; under the lock the document is built again with the number actually taken and, when it is
 * the same text, needs no second check.
 */
const VALIDATED_MAX = 500;
const validated = new Set<string>();
const xmlKey = (xml: string) => createHash('sha256').update(xml).digest('base64url');

/** Checks the document against the FA(3) schema: 422 `invoice_invalid` when it fails; remembered when it passes. */
export async function checkFa3(xml: string, orderId: number, kind: 'VAT' | 'KOR'): Promise<void> {
  const errors = await fa3SchemaErrors(xml);
  if (errors) {
    log().error({ orderId, kind, errors: errors.slice(0, 2000) }, 'invoice refused: not valid FA(3)');
    throw new HttpError(422, INVOICE_INVALID, { code: ERROR_CODES.invoiceInvalid });
  }
  if (validated.size >= VALIDATED_MAX) validated.delete(validated.values().next().value as string);
  validated.add(xmlKey(xml));
}

/** Whether exactly this document passed `checkFa3` (recently). */
export const wasChecked = (xml: string): boolean => validated.has(xmlKey(xml));
