import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Notice } from './Notice';

export interface ErrorStateProps {
  /** What went wrong, in words for the user. Defaults to a generic message. */
  message?: string;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
}

/** A failed load with a retry. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <Notice
      severity="error"
      role="alert"
      sx={{ my: 2, alignItems: 'center' }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} sx={{ minHeight: 48 }}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    >
      {message ?? t('errorGeneric')}
    </Notice>
  );
}
