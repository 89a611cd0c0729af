import { StaffBarrierReportsPage } from '@/features/staff/components/StaffBarrierReportsPage';

export default StaffBarrierReportsPage;
