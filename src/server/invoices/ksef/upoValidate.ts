import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Validates a UPO against the official schema v4-3 kept in upo/ with `xmllint` (Debian
 * libxml2-utils, as fa3Validate.ts). Answers the validator's messages, or null when valid.
 */
export const UPO_XSD = path.join(process.cwd(), 'src', 'server', 'invoices', 'ksef', 'upo', 'upo-v4-3.xsd');

export function upoErrors(xml: string): string | null {
  try {
    execFileSync('xmllint', ['--noout', '--schema', UPO_XSD, '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return null;
  } catch (e) {
    const err = e as { code?: string; stderr?: Buffer };
    if (err.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
    return err.stderr?.toString() ?? String(e);
  }
}
