export { PageContainer, type PageContainerProps } from './PageContainer';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { ListSkeleton, CardSkeleton } from './Skeletons';
export { Money, type MoneyProps } from './Money';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { ToastProvider, useToast, type ToastApi, type ToastSeverity } from './Toast';
