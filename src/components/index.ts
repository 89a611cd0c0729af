export { PageContainer } from './PageContainer';
export { EmptyState } from './EmptyState';
export { ErrorState } from './ErrorState';
export { ListSkeleton } from './Skeletons';
export { CardSkeleton } from './CardSkeleton';
export { Money } from './Money';
export { ConfirmDialog } from './ConfirmDialog';
export { useToast } from './Toast';
