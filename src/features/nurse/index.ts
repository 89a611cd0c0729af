export { VisitNeeds } from './VisitNeeds';
export { SampleCheckIn } from './SampleCheckIn';
export { useFitText } from './needsText';
