export { PageContainer } from './PageContainer';
export { EmptyState } from './EmptyState';
export { ErrorState } from './ErrorState';
export { ListSkeleton, CardSkeleton } from './Skeletons';
export { Money } from './Money';
export { ConfirmDialog } from './ConfirmDialog';
export { useToast } from './Toast';
