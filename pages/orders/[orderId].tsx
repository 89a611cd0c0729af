import { OrderPage } from '@/features/results/components/OrderPage';

export default OrderPage;
