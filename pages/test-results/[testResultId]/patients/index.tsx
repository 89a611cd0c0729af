import { TestResultPatientsPage } from '@/features/results/components/TestResultPatientsPage';

export default TestResultPatientsPage;
