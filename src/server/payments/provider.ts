/**
 * One payment module (docs/payments.md): every online provider -- Przelewy24 and the built-in test
 * provider -- speaks this interface; "pay on visit" needs none.
 */
export type ProviderId = 'p24' | 'test';

export interface RegisterInput {
  sessionId: string;
  amountMinor: number;
  currency: string;
  description: string;
  email: string;
  country: string;
  language: string;
  urlReturn: string;
  urlStatus: string;
}

/** A payment notification whose sign was checked: what it claims, to be compared with the attempt. */
export interface PaymentNotice {
  sessionId: string;
  amountMinor: number;
  currency: string;
  /** The operator's own id of the transaction (needed to verify and refund). */
  providerOrderId: string;
  /** false: the payer declined (test provider only; Przelewy24 notifies only payments). */
  paid: boolean;
}

export interface RefundInput {
  requestId: string;
  refundsUuid: string;
  providerOrderId: string;
  sessionId: string;
  amountMinor: number;
  description: string;
  urlStatus: string;
}

export interface RefundNotice {
  refundsUuid: string;
  sessionId: string;
  amountMinor: number;
  currency: string;
  /** The operator settled the refund (P24 status 0). */
  done: boolean;
}

export interface PaymentProvider {
  id: ProviderId;
  /** Registers the attempt; the payer is sent to `redirectUrl`. Throws ProviderUnavailable when the operator cannot be reached. */
  register(input: RegisterInput): Promise<{ token: string; redirectUrl: string }>;
  /** Where the payer of a registered attempt goes (the same page `register` answered). */
  redirectUrl(attempt: { sessionId: string; token: string }): string;
  /** Checks the sign of a notification; null when it is wrong or malformed. */
  parseNotification(body: unknown): PaymentNotice | null;
  /** Confirms the payment with the operator; only a verified payment counts. */
  verify(notice: PaymentNotice): Promise<void>;
  refund(input: RefundInput): Promise<void>;
  parseRefundNotification(body: unknown): RefundNotice | null;
  /** Asks the operator for the session's transaction: a payment it holds (to verify and record), else null. */
  findPayment(sessionId: string): Promise<PaymentNotice | null>;
  /** Asks the operator how a requested refund stands (a refund whose notification never came). */
  findRefund(r: { providerOrderId: string; requestId: string }): Promise<'done' | 'pending' | 'rejected'>;
}

/** The operator could not be reached or refused a call; nothing was decided. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}
