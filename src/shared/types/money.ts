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
  /** `document_total`: the invoices of the order (invoice and corrections) add up to another amount than was kept; `refund_pending`: a refund unsettled for over 24 hours. */
  kind: 'document_total' | 'refund_pending';
  orderId: number;
  orderNumber: string;
  /** document_total: the documents' total; refund_pending: the refund's amount. */
  amount: number;
  /** document_total: what was kept; refund_pending: null. */
  expected: number | null;
  /** refund_pending: when it was asked for. */
  since: string | null;
}

export interface MoneyDayDto {
  date: string;
  currency: string;
  methods: MoneyMethodDayDto[];
  anomalies: MoneyAnomalyDto[];
}
