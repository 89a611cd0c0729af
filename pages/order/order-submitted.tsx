import { PageHead } from '@/components/PageHead';
import { useTranslation } from 'react-i18next';
import { OrderSubmittedView } from '@/features/checkout/components/OrderSubmittedView';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageHead title={t('submitted.pageTitle')} complete />
      <OrderSubmittedView />
    </>
  );
}
