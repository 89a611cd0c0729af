import { getConfig } from '../config';
import { p24Provider } from './p24';
import { testProvider } from './testProvider';
import type { PaymentProvider, ProviderId } from './provider';

/**
 * Which provider takes a laboratory's online payments: Przelewy24 for PLN and EUR when it is
 * configured, else the built-in test provider when it is on; BYN laboratories pay on visit only.
 */
const ONLINE_CURRENCIES = new Set(['PLN', 'EUR']);

export function providerById(id: ProviderId | string): PaymentProvider | null {
  const c = getConfig().payments;
  if (id === 'p24') return c.p24 ? p24Provider(c.p24, fetch) : null;
  if (id === 'test') return c.testProvider ? testProvider(c.testSecret) : null;
  return null;
}

export function providerForCurrency(currency: string): PaymentProvider | null {
  if (!ONLINE_CURRENCIES.has(currency)) return null;
  const c = getConfig().payments;
  if (c.p24) return providerById('p24');
  if (c.testProvider) return providerById('test');
  return null;
}
