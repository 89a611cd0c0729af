import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { AddressStep } from '@/features/checkout/components/AddressStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('address.pageTitle')}</title>
      </Head>
      <AddressStep />
    </>
  );
}
