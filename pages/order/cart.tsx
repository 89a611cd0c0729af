import { CartView } from '@/features/cart/components/CartView';

export default function CartPage() {
  return <CartView />;
}
