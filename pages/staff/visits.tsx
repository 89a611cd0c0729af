import { NurseVisitsPage } from '@/features/staff/components/NurseVisitsPage';

export default NurseVisitsPage;
