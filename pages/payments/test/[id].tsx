import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { TestPaymentView } from '@/features/payments/components/TestPaymentView';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('payment.test.pageTitle')}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <TestPaymentView />
    </>
  );
}
