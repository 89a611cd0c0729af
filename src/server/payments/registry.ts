import { p24Module } from './p24';
import type { OptionError, PaymentProviderModule } from './provider';
import { testProviderModule } from './testProvider';

/**
 * The payment providers the shop knows, in order of preference: a laboratory's online payments go to
 * the first configured one that takes its currency. A new provider is one file (a
 * `PaymentProviderModule`) and one entry here; nothing else names it (docs/payments.md, "Providers as a registry").
 */
export const PAYMENT_PROVIDERS: PaymentProviderModule[] = [p24Module, testProviderModule];

/** Each provider's validated options by id (absent: off), from the environment; the start-up's check. */
export function providerOptionsFromEnv(env: Readonly<Record<string, string | undefined>>, production: boolean, fail: OptionError): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const m of PAYMENT_PROVIDERS) {
    const o = m.fromEnv(env, production, fail);
    if (o !== null) options[m.id] = o;
  }
  // Free test payments beside real ones would let any order be "paid" for nothing.
  const on = PAYMENT_PROVIDERS.filter((m) => m.id in options);
  const real = on.find((m) => m.realMoney);
  const play = on.find((m) => !m.realMoney);
  if (production && real && play) throw fail(play.settingKey, `must be off in production when ${real.settingKey} is set`);
  return options;
}
