import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

/** The form's main button: full width, 48 px high, disabled with a spinner while sending. */
export function SubmitButton({ busy, children, disabled }: { busy: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy || disabled}
      aria-busy={busy}
      sx={{ minHeight: 48, mt: 2 }}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
