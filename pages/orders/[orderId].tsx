import { OrderPage } from '@/features/orders/components/OrderPage';

export default OrderPage;
