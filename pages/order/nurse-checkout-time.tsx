import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { VisitTimeStep } from '@/features/checkout/components/VisitTimeStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('visit.pageTitle')}</title>
      </Head>
      <VisitTimeStep />
    </>
  );
}
