import { StaffAuditPage } from '@/features/staff/components/StaffAuditPage';

export default StaffAuditPage;
