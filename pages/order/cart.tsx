import { PageHead } from '@/components/PageHead';
import { useTranslation } from 'react-i18next';
import { CartView } from '@/features/cart/components/CartView';

export default function CartPage() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageHead title={t('cart.pageTitle')} complete description={t('cart.pageDescription')} />
      <CartView />
    </>
  );
}
