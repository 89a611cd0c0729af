import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { ToastSeverity } from './Toast';
import { useRef } from 'react';
import { ACTION_BAR_HEIGHT_VAR, BANNER_HEIGHT_VAR, TOAST_HEIGHT_VAR } from '@/theme/layout';
import { useHeightVar } from '@/lib/useHeightVar';

export interface ToastViewProps {
  message: string;
  severity: ToastSeverity;
  open: boolean;
  /** The visitor closed it (Escape or the close button). */
  onClose: () => void;
  /** Its exit transition has ended: the next toast may come. */
  onExited: () => void;
}

/** The toast itself (MUI Snackbar and Alert), loaded with the first toast rather than with every page. */
export function ToastView({ message, severity, open, onClose, onExited }: ToastViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  // While it shows, a control that takes the focus is scrolled clear of it (theme: scroll padding).
  useHeightVar(ref, TOAST_HEIGHT_VAR, open);
  return (
    <Snackbar
      ref={ref}
      open={open}
      onClose={(_e, reason) => {
        if (reason === 'escapeKeyDown') onClose();
      }}
      slotProps={{ transition: { onExited } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{
        bottom: {
          xs: `calc(var(${ACTION_BAR_HEIGHT_VAR}, 0px) + var(${BANNER_HEIGHT_VAR}, 0px) + 8px)`,
          sm: `calc(var(${ACTION_BAR_HEIGHT_VAR}, 0px) + var(${BANNER_HEIGHT_VAR}, 0px) + 16px)`,
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
