import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { OrderSubmittedView } from '@/features/checkout/components/OrderSubmittedView';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('submitted.pageTitle')}</title>
      </Head>
      <OrderSubmittedView />
    </>
  );
}
