import { PageHead } from '@/components/PageHead';
import { useTranslation } from 'react-i18next';
import { VisitTimeStep } from '@/features/checkout/components/VisitTimeStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageHead title={t('visit.pageTitle')} complete />
      <VisitTimeStep />
    </>
  );
}
