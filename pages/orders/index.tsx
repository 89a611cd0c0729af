import { OrdersPage } from '@/features/results/components/OrdersPage';

export default OrdersPage;
