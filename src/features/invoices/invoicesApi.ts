import { backendClient } from '@/lib/apiClient';

/** Calls of an order's receipt and invoices (backend root). Files come as Blobs: the requests carry the bearer token. */
export interface InvoiceListItem {
  id: number;
  number: string;
  issuedAt: string;
  kind: 'VAT' | 'KOR';
  total: number;
  currency: string;
  /** The invoice in KSeF; null when it was issued while sending to KSeF was off. */
  ksef?: InvoiceKsef | null;
}

/** An invoice's place in KSeF (`GET orders/{id}/invoices`). */
export interface InvoiceKsef {
  status: 'queued' | 'sent' | 'accepted' | 'rejected';
  number: string | null;
  /** The UPO (KSeF's official receipt of the invoice), once there is one. */
  upoUrl: string | null;
  rejectionReason: string | null;
}

/** A company with its NIP (`kind` absent or `company`), or a private person on their own name without one. */
export interface InvoiceBuyerInput {
  kind?: 'company' | 'person';
  taxId?: string;
  name: string;
  address: { street: string; postalCode: string; city: string; country: string };
}

const blob = (path: string, accept: string) => backendClient.get<Blob>(path, { responseType: 'blob', headers: { Accept: accept } }).then((r) => r.data);

export const invoicesApi = {
  list: (orderId: number) => backendClient.get<InvoiceListItem[]>(`orders/${orderId}/invoices`).then((r) => r.data),
  request: (orderId: number, buyer: InvoiceBuyerInput) => backendClient.post<{ id: number; number: string; issuedAt: string }>(`orders/${orderId}/invoice`, { buyer }).then((r) => r.data),
  receiptPdf: (orderId: number) => blob(`orders/${orderId}/receipt.pdf`, 'application/pdf'),
  invoiceFile: (orderId: number, documentId: number, kind: 'pdf' | 'xml') =>
    blob(`orders/${orderId}/invoice.${kind}?document=${documentId}`, kind === 'pdf' ? 'application/pdf' : 'application/xml'),
  /** The UPO at the address the list gave (`/api/backend/...`, read through the backend client with the token). */
  upoFile: (upoUrl: string) => blob(upoUrl.replace(/^\/api\/backend\//, ''), 'application/xml'),
};

export { saveBlob } from '@/lib/saveBlob';
