import { OrderSubmittedView } from '@/features/checkout/components/OrderSubmittedView';

export default function Page() {
  return <OrderSubmittedView />;
}
