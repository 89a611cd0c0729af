import { PageHead } from '@/components/PageHead';
import { useTranslation } from 'react-i18next';
import { DataConfirmedStep } from '@/features/checkout/components/DataConfirmedStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageHead title={t('confirm.pageTitle')} complete />
      <DataConfirmedStep />
    </>
  );
}
