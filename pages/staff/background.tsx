import { StaffBackgroundPage } from '@/features/staff/components/StaffBackgroundPage';

export default StaffBackgroundPage;
