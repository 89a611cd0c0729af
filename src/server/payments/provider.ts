/**
 * One payment module (docs/payments.md): every online provider speaks this interface; "pay on visit"
 * needs none. The providers are a list (`registry.ts`): the core names none of them, a provider's id is
 * data (stored with each attempt, the segment of its notification URLs `/api/payments/{id}/{notice}`).
 */
export type ProviderId = string;

/** What `/api/payments/{provider}/{notice}` received: the parsed JSON, its exact bytes and the headers. */
export interface ProviderNotification {
  body: unknown;
  /** The request's bytes as sent (a provider that signs raw bytes checks these); null when not read from the wire. */
  rawBody: Buffer | null;
  /** Header names in lower case, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** The notices a provider may send: a payment's (`status`) and a refund's (`refund-status`). */
export const PROVIDER_NOTICES = ['status', 'refund-status'] as const;
export type ProviderNotice = (typeof PROVIDER_NOTICES)[number];

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
  currency: string;
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
  /** The currencies it takes online (ISO 4217). */
  currencies: readonly string[];
  /** Registers the attempt; the payer is sent to `redirectUrl`. Throws ProviderUnavailable when the operator cannot be reached. */
  register(input: RegisterInput): Promise<{ token: string; redirectUrl: string }>;
  /** Where the payer of a registered attempt goes (the same page `register` answered). */
  redirectUrl(attempt: { sessionId: string; token: string }): string;
  /** Checks the sign of a notification (over the body, or the raw bytes and headers); null when it is wrong or malformed. */
  parseNotification(n: ProviderNotification): PaymentNotice | null;
  /** Confirms the payment with the operator; only a verified payment counts. */
  verify(notice: PaymentNotice): Promise<void>;
  /**
   * Asks the operator to refund. A provider whose refunds settle at once (no operator behind it) answers
   * the refund's notification, which the core then handles like one that came to `refund-status`.
   */
  refund(input: RefundInput): Promise<{ settledAtOnce?: ProviderNotification } | void>;
  parseRefundNotification(n: ProviderNotification): RefundNotice | null;
  /** Asks the operator for the session's transaction: a payment it holds (to verify and record), else null. */
  findPayment(sessionId: string): Promise<PaymentNotice | null>;
  /** Asks the operator how a requested refund stands (a refund whose notification never came). */
  findRefund(r: { providerOrderId: string; requestId: string }): Promise<'done' | 'pending' | 'rejected'>;
}

/** Reports a setting that is wrong: the key and why (becomes the start-up's ConfigError). */
export type OptionError = (key: string, message: string) => Error;

/**
 * One entry of the registry (Medusa's provider class, Saleor's gateway plugin): its id, how it reads
 * and validates its own options, and how it is made from them.
 */
export interface PaymentProviderModule<Options = unknown> {
  id: ProviderId;
  /** The setting that turns it on, named in start-up errors that concern the provider as a whole. */
  settingKey: string;
  /**
   * Its options from the environment, validated (`fail(key, why)` for a wrong one); null when it is
   * not configured (off). `production` is NODE_ENV=production.
   */
  fromEnv(env: Readonly<Record<string, string | undefined>>, production: boolean, fail: OptionError): Options | null;
  /** false: payments through it are not real money (refused in production beside one that is, and reported by readiness). */
  realMoney: boolean;
  create(options: Options): PaymentProvider;
}

/** The operator could not be reached or refused a call; nothing was decided. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}
