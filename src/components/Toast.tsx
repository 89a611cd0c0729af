import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

export interface ToastApi {
  show(message: string, severity?: ToastSeverity): void;
  success(message: string): void;
  error(message: string): void;
}

interface ToastItem {
  key: number;
  message: string;
  severity: ToastSeverity;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Shows one toast at a time at the bottom of the screen (above the cookie banner); later ones queue. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  const show = useCallback((message: string, severity: ToastSeverity = 'info') => {
    setQueue((q) => [...q, { key: Date.now() + Math.random(), message, severity }]);
    setOpen(true);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Snackbar
          key={current.key}
          open={open}
          autoHideDuration={current.severity === 'error' ? 8000 : 4000}
          onClose={(_e, reason) => {
            if (reason !== 'clickaway') setOpen(false);
          }}
          slotProps={{ transition: { onExited: () => { setQueue((q) => q.slice(1)); setOpen(true); } } }}
          // Under the top bar: the bottom of the screen holds the cookie banner and the pages'
          // sticky action bars (total and next step), which a toast must not cover.
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          sx={{ top: { xs: 72, sm: 80 }, zIndex: 10001 }}
        >
          <Alert severity={current.severity} variant="filled" onClose={() => setOpen(false)} sx={{ width: '100%' }}>
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.success('Saved')`. Needs <ToastProvider> (the app shell has it). */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast needs <ToastProvider> (rendered by pages/_app)');
  return ctx;
}
