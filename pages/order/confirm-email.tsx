import { PageHead } from '@/components/PageHead';
import { useTranslation } from 'react-i18next';
import { ConfirmEmailStep } from '@/features/checkout/components/ConfirmEmailStep';

export default function Page() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageHead title={t('confirmEmail.pageTitle')} complete />
      <ConfirmEmailStep />
    </>
  );
}
