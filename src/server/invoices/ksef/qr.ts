import type { KsefEnv } from '@/server/ksefConfig';
import { sha256Base64Url } from './crypto';

/** The verification addresses of each KSeF environment (kody-qr.md, "Środowiska"). */
export const KSEF_QR_BASES: Record<KsefEnv, string> = {
  test: 'https://qr-test.ksef.mf.gov.pl',
  demo: 'https://qr-demo.ksef.mf.gov.pl',
  prod: 'https://qr.ksef.mf.gov.pl',
};

/**
 * KOD I (kody-qr.md): `<qr address>/invoice/<seller NIP>/<P_1 as DD-MM-YYYY>/<SHA-256 of the invoice
 * file, Base64URL>`. The hash is of the XML file exactly as stored and sent to KSeF (UTF-8 bytes).
 */
export function invoiceVerificationUrl(env: KsefEnv, sellerNip: string, issueDate: string, xml: string | Buffer): string {
  const [y, m, d] = issueDate.split('-');
  return `${KSEF_QR_BASES[env]}/invoice/${sellerNip}/${d}-${m}-${y}/${sha256Base64Url(xml)}`;
}

/** P_1 (the date of issue, YYYY-MM-DD) and the seller's NIP as the stored FA(3) XML says them. */
export function invoiceQrFacts(xml: string): { issueDate: string; sellerNip: string } | null {
  const issueDate = /<P_1>(\d{4}-\d{2}-\d{2})<\/P_1>/.exec(xml)?.[1];
  const sellerNip = /<Podmiot1>[\s\S]*?<NIP>(\d{10})<\/NIP>/.exec(xml)?.[1];
  return issueDate && sellerNip ? { issueDate, sellerNip } : null;
}
