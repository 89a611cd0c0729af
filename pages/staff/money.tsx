import { StaffMoneyPage } from '@/features/staff/components/StaffMoneyPage';

export default StaffMoneyPage;
