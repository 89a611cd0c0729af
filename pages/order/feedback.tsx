import Head from 'next/head';
import { useTranslation } from 'react-i18next';
import { FeedbackStep } from '@/features/checkout/components/FeedbackStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <Head>
        <title>{t('feedback.pageTitle')}</title>
      </Head>
      <FeedbackStep />
    </>
  );
}
