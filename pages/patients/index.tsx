import { PatientsPage } from '@/features/patients/components/PatientsPage';

export default PatientsPage;
