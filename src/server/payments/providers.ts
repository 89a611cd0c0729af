import { getConfig } from '../config';
import type { PaymentProvider, ProviderId, ProviderNotice } from './provider';
import { PAYMENT_PROVIDERS } from './registry';

/**
 * The configured providers, looked up by id (an attempt's `provider`, the notification URL's segment)
 * or by currency (the first in the registry's order that takes it); null when none is on. BYN
 * laboratories have none and pay on visit only.
 */
export function providerById(id: ProviderId): PaymentProvider | null {
  const options = getConfig().payments.providers;
  const m = PAYMENT_PROVIDERS.find((p) => p.id === id);
  return m && Object.hasOwn(options, id) ? m.create(options[id]) : null;
}

export function providerForCurrency(currency: string): PaymentProvider | null {
  for (const m of PAYMENT_PROVIDERS) {
    const provider = providerById(m.id);
    if (provider?.currencies.includes(currency)) return provider;
  }
  return null;
}

/** Where a provider sends a notice: `{APP_URL}/api/payments/{provider}/{notice}` (one route serves every provider). */
export function noticeUrl(providerId: ProviderId, notice: ProviderNotice): string {
  return `${getConfig().appUrl}/api/payments/${encodeURIComponent(providerId)}/${notice}`;
}

/** Whether a provider whose payments are not real money is on (readiness says so in production). */
export function playMoneyProviderOn(): boolean {
  const options = getConfig().payments.providers;
  return PAYMENT_PROVIDERS.some((m) => !m.realMoney && Object.hasOwn(options, m.id));
}
