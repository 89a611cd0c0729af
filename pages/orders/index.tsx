import { OrdersPage } from '@/features/orders/components/OrdersPage';

export default OrdersPage;
