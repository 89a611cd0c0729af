import { AnalysisResultPage } from '@/features/results/components/AnalysisResultPage';

export default AnalysisResultPage;
