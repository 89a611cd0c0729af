import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { CartView } from '@/features/checkout/components/CartView';

export default function CartPage() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('cart.pageTitle')}</title>
        <meta name="description" content={t('cart.pageDescription')} />
      </Head>
      <CartView />
    </>
  );
}
