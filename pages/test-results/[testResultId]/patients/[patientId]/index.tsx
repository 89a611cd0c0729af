import { PatientResultsPage } from '@/features/results/components/PatientResultsPage';

export default PatientResultsPage;
