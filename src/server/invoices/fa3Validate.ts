import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validation of FA(3) documents against the official schema kept in fa3/ (the main XSD and the three
 * it imports).
 * - `fa3SchemaErrors`: the shop's own check, run on every invoice and correction before it takes its
 *   number. libxml2 compiled to WebAssembly (`xmllint-wasm`, in a worker thread), so no system
 *   binary is needed; the schema files are read once and passed to it as preloaded files.
 * - `fa3Errors`: the same check with Debian's `xmllint` (package libxml2-utils; .ci/run installs
 *   it), synchronous, for the tests: a second, independent validator.
 * Both answer the validator's messages, or null when the document is valid.
 */
const FA3_DIR = path.join(process.cwd(), 'src', 'server', 'invoices', 'fa3');
const FA3_MAIN = 'schemat_FA(3)_v1-0E.xsd';
export const FA3_XSD = path.join(FA3_DIR, FA3_MAIN);

let schemaFiles: { main: XMLFileInfo; imports: XMLFileInfo[] } | null = null;

function loadSchema(): { main: XMLFileInfo; imports: XMLFileInfo[] } {
  if (!schemaFiles) {
    const read = (name: string) => fs.readFileSync(path.join(FA3_DIR, name), 'utf8');
    const imports = fs
      .readdirSync(FA3_DIR)
      .filter((f) => f.endsWith('.xsd') && f !== FA3_MAIN)
      .map((f) => ({ fileName: f, contents: read(f) }));
    // The main file's name has parentheses; inside the validator's file system it is plain.
    schemaFiles = { main: { fileName: 'fa3.xsd', contents: read(FA3_MAIN) }, imports };
  }
  return schemaFiles;
}

export async function fa3SchemaErrors(xml: string): Promise<string | null> {
  const schema = loadSchema();
  const result = await validateXML({ xml: { fileName: 'invoice.xml', contents: xml }, schema: schema.main, preload: schema.imports });
  if (result.valid) return null;
  return result.errors.map((e) => e.message).join('\n') || result.rawOutput || 'not valid';
}

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
