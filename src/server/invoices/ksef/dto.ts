import type { KsefStatus } from '@/server/db/schema';
import type { InvoiceRow } from '@/server/invoices/repositories/invoices';

/**
 * An invoice's place in KSeF as `GET orders/{id}/invoices` shows it: null when it was issued while
 * sending to KSeF was off; else its status, the KSeF number once accepted, the address of its UPO
 * (owner and the laboratory's staff) once there is one, and KSeF's reason when rejected.
 */
export interface InvoiceKsefDto {
  status: KsefStatus;
  number: string | null;
  upoUrl: string | null;
  rejectionReason: string | null;
}

export function ksefDto(row: InvoiceRow): InvoiceKsefDto | null {
  if (!row.ksef_status) return null;
  return {
    status: row.ksef_status,
    number: row.ksef_number,
    upoUrl: row.ksef_upo ? `/api/backend/orders/${row.order_id}/invoice.upo.xml?document=${row.id}` : null,
    rejectionReason: row.ksef_status === 'rejected' ? row.ksef_rejection_reason : null,
  };
}
