import { StaffSecurityEventsPage } from '@/features/staff/components/StaffSecurityEventsPage';

export default StaffSecurityEventsPage;
