import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import { toMajor } from '@/shared/money';

/**
 * An amount of the order being put together (minor units): as it is when `exact`, else as "from …"
 * (the visit fee, and the total with it, before the address's zone is known).
 */
export function OrderAmount({ minor, currency, exact }: { minor: number; currency: string; exact: boolean }) {
  const { t } = useTranslation('cart');
  const money = <Money amount={toMajor(minor)} currency={currency} />;
  return exact ? (
    money
  ) : (
    <span data-fee="from">
      {t('cart.from')} {money}
    </span>
  );
}
