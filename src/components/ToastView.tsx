import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { ToastSeverity } from './Toast';

export interface ToastViewProps {
  message: string;
  severity: ToastSeverity;
  open: boolean;
  /** The visitor closed it (Escape or the close button). */
  onClose: () => void;
  /** Its exit transition has ended: the next toast may come. */
  onExited: () => void;
  /** CSS variable with the height of the page's sticky bottom bar. */
  actionBarHeightVar: string;
}

/** The toast itself (MUI Snackbar and Alert), loaded with the first toast rather than with every page. */
export function ToastView({ message, severity, open, onClose, onExited, actionBarHeightVar }: ToastViewProps) {
  return (
    <Snackbar
      open={open}
      onClose={(_e, reason) => {
        if (reason === 'escapeKeyDown') onClose();
      }}
      slotProps={{ transition: { onExited } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{
        bottom: {
          xs: `calc(var(${actionBarHeightVar}, 0px) + var(--cookie-banner-height, 0px) + 8px)`,
          sm: `calc(var(${actionBarHeightVar}, 0px) + var(--cookie-banner-height, 0px) + 16px)`,
        },
        zIndex: 10001,
      }}
    >
      {/* The live region around it speaks the message; the box itself has no role of its own. */}
      <Alert severity={severity} variant="filled" role="none" onClose={onClose} sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
