import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { ConfirmEmailStep } from '@/features/checkout/components/ConfirmEmailStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('confirmEmail.pageTitle')}</title>
      </Head>
      <ConfirmEmailStep />
    </>
  );
}
