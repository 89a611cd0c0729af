import { PageHead } from '@/components/PageHead';
import { useTranslation } from 'react-i18next';
import { AddressStep } from '@/features/checkout/components/AddressStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageHead title={t('address.pageTitle')} complete />
      <AddressStep />
    </>
  );
}
