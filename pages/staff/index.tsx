import { StaffOrdersPage } from '@/features/staff/components/StaffOrdersPage';

export default StaffOrdersPage;
