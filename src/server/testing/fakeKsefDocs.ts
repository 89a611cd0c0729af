import type crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The fake KSeF's (fakeKsef.ts) own records and the documents it makes: its certificate and the UPO. */
export interface FakeInvoice {
  ordinalNumber: number;
  referenceNumber: string;
  invoiceHash: string;
  invoiceNumber: string | null;
  ksefNumber: string | null;
  invoicingDate: string;
  acquisitionDate: string | null;
  status: { code: number; description: string; details?: string[]; extensions?: Record<string, string> };
  /** Status reads still answering 150 "processing". */
  pendingReads: number;
  upo: string | null;
  xml: string;
}

export interface FakeSession {
  referenceNumber: string;
  nip: string;
  tokenRef: string;
  key: Buffer;
  iv: Buffer;
  open: boolean;
  dateCreated: string;
  invoices: FakeInvoice[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A self-signed certificate over the key (openssl), as KSeF publishes its keys; the bare key when openssl is missing. */
export function certificateDer(privateKey: crypto.KeyObject, publicKey: crypto.KeyObject): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-ksef-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    return execFileSync('openssl', ['req', '-x509', '-new', '-key', keyFile, '-subj', '/CN=Ministerstwo Finansow (fake)', '-days', '30', '-outform', 'DER'], { stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return publicKey.export({ type: 'spki', format: 'der' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function upoXml(session: FakeSession, inv: FakeInvoice, sellerNip: string, issueDate: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3" wersjaSchemy="4-3">
  <NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>
  <NumerReferencyjnySesji>${session.referenceNumber}</NumerReferencyjnySesji>
  <Uwierzytelnienie>
    <IdKontekstu><Nip>${session.nip}</Nip></IdKontekstu>
    <NumerReferencyjnyTokenaKSeF>${session.tokenRef}</NumerReferencyjnyTokenaKSeF>
  </Uwierzytelnienie>
  <NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
  <KodFormularza>FA (3)</KodFormularza>
  <Dokument>
    <NipSprzedawcy>${sellerNip}</NipSprzedawcy>
    <NumerKSeFDokumentu>${inv.ksefNumber}</NumerKSeFDokumentu>
    <NumerFaktury>${esc(inv.invoiceNumber ?? '')}</NumerFaktury>
    <DataWystawieniaFaktury>${issueDate}</DataWystawieniaFaktury>
    <DataPrzeslaniaDokumentu>${inv.invoicingDate}</DataPrzeslaniaDokumentu>
    <DataNadaniaNumeruKSeF>${inv.acquisitionDate}</DataNadaniaNumeruKSeF>
    <SkrotDokumentu>${inv.invoiceHash}</SkrotDokumentu>
    <TrybWysylki>Online</TrybWysylki>
  </Dokument>
</Potwierdzenie>
`;
}

