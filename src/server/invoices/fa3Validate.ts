import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Validates an XML document against the official FA(3) schema kept in fa3/ with Debian's `xmllint`
 * (package libxml2-utils; .ci/run installs it). Used by the tests; answers the validator's messages,
 * or null when the document is valid.
 */
export const FA3_XSD = path.join(process.cwd(), 'src', 'server', 'invoices', 'fa3', 'schemat_FA(3)_v1-0E.xsd');

export function fa3Errors(xml: string): string | null {
  try {
    execFileSync('xmllint', ['--noout', '--schema', FA3_XSD, '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return null;
  } catch (e) {
    const err = e as { code?: string; stderr?: Buffer };
    if (err.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils');
    return err.stderr?.toString() ?? String(e);
  }
}
