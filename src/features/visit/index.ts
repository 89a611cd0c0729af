export { VisitTimeline } from './VisitTimeline';
export { useOrderEvents } from './useOrderEvents';
