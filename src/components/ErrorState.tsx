import { alpha, styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Notice } from './Notice';
import { textButtonLook } from './plainLooks';

export interface ErrorStateProps {
  /** What went wrong, in words for the user. Defaults to a generic message. */
  message?: string;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
}

/**
 * The retry: MUI's small text Button in the notice's colour, as a plain button (the pages that may
 * show a failed load, home and the cart among them, need no ButtonBase or ripple for it).
 */
const RetryButton = styled('button')(({ theme }) => ({
  ...textButtonLook(theme),
  fontSize: theme.typography.pxToRem(13),
  padding: '4px 5px',
  color: 'inherit',
  '&:hover': { backgroundColor: alpha(theme.palette.text.primary, theme.palette.action.hoverOpacity) },
}));

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
          <RetryButton type="button" onClick={onRetry}>
            {t('retry')}
          </RetryButton>
        ) : undefined
      }
    >
      {message ?? t('errorGeneric')}
    </Notice>
  );
}
