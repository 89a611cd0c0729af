import { PageHead } from '@/components/PageHead';
import { useTranslation } from 'react-i18next';
import { FeedbackStep } from '@/features/checkout/components/FeedbackStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageHead title={t('feedback.pageTitle')} complete />
      <FeedbackStep />
    </>
  );
}
