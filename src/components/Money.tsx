import { useLanguage } from '@/i18n/useLanguage';
import { formatMoney } from '@/shared/money';

export interface MoneyProps {
  /** Major units, e.g. 12.5. */
  amount: number;
  currency: string;
}

/** An amount with its currency in the user's language, e.g. "12,50 zł". */
export function Money({ amount, currency }: MoneyProps) {
  const language = useLanguage();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, currency, language)}</span>;
}
