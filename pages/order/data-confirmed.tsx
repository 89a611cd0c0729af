import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { DataConfirmedStep } from '@/features/checkout/components/DataConfirmedStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('confirm.pageTitle')}</title>
      </Head>
      <DataConfirmedStep />
    </>
  );
}
