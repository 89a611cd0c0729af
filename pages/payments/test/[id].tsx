import { TestPaymentView } from '@/features/payments/components/TestPaymentView';

export default function Page() {
  return <TestPaymentView />;
}
