export { VisitTimeline } from './VisitTimeline';
