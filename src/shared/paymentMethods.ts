import type { PaymentMethodDto } from './types/payment';

/**
 * The payment-method choice at checkout, made once: the methods are the laboratory's as the server
 * sends them (`paymentMethods` of the laboratory, the default first: online only where a payment
 * provider serves its currency), and the method is the one the patient chose when offered, else that
 * default. Null while the laboratory's methods are not known (not loaded yet): nothing is decided
 * without them. The server checks the method again when the order is placed.
 */
export function paymentChoice(offered: readonly PaymentMethodDto[] | undefined, chosen: PaymentMethodDto | null): { methods: PaymentMethodDto[]; method: PaymentMethodDto } | null {
  const first = offered?.[0];
  if (!offered || !first) return null;
  return { methods: [...offered], method: chosen && offered.includes(chosen) ? chosen : first };
}
