/** The staff money page (`GET staff/money?date=`): a laboratory's money of one day, and what needs a look. */
export interface MoneyMethodDayDto {
  method: 'online' | 'on_visit';
  /** Paid that day: online payments recorded, or visit payments taken at the sample collection. Major units. */
  paid: number;
  /** Refunds settled that day. */
  refunded: number;
  /** paid − refunded. */
  kept: number;
  /** Refunds asked for by the end of the day and not settled (nor failed) now. */
  pendingRefunds: number;
}

export interface MoneyAnomalyDto {
  /**
   * `document_total`: the invoices of the order (invoice and corrections) add up to another amount than was kept;
   * `refund_pending`: a refund unsettled for over 24 hours; `invariant`: what the order keeps once the
   * refunds asked for settle is not what it owes; `ksef_rejected`: one of its invoices was rejected by KSeF.
   */
  kind: 'document_total' | 'refund_pending' | 'invariant' | 'ksef_rejected';
  orderId: number;
  orderNumber: string;
  /** document_total: the documents' total; refund_pending: the refund's amount; invariant: what it keeps once its refunds settle; ksef_rejected: the invoice's total. */
  amount: number;
  /** document_total: what was kept; invariant: what the order owes; otherwise null. */
  expected: number | null;
  /** refund_pending: when it was asked for; ksef_rejected: when it was sent (or issued). */
  since: string | null;
  /** ksef_rejected: the invoice's number. */
  document?: string;
  /** ksef_rejected: KSeF's reason. */
  reason?: string | null;
}

export interface MoneyDayDto {
  date: string;
  currency: string;
  methods: MoneyMethodDayDto[];
  anomalies: MoneyAnomalyDto[];
}
