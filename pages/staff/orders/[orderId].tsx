import { StaffOrderPage } from '@/features/staff/components/StaffOrderPage';

export default StaffOrderPage;
