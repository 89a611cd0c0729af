import { CartView } from '@/features/checkout/components/CartView';

export default function CartPage() {
  return <CartView />;
}
