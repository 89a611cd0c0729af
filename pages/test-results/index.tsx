import { TestResultsPage } from '@/features/results/components/TestResultsPage';

export default TestResultsPage;
