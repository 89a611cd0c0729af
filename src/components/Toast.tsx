import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

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

/** How long a toast stays (errors longer); it goes on its own, hovered or not. */
export const TOAST_MS = { info: 4000, success: 4000, warning: 6000, error: 8000 } satisfies Record<ToastSeverity, number>;

const ToastContext = createContext<ToastApi | null>(null);

// The Snackbar and Alert load with the first toast: no page needs them to start.
const ToastView = dynamic(() => import('./ToastView').then((m) => m.ToastView), { ssr: false });

/**
 * One toast at a time at the bottom of the screen, above the cookie banner and the page's sticky
 * bar, so it never covers a heading or the next step; later ones queue. Screen readers hear each
 * message: the toast appears inside a live region that is always in the page (polite for news,
 * assertive for errors).
 */
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

  // The toast's own clock: MUI's pauses while the window has no focus or the pointer rests on it,
  // which left toasts standing through later pages.
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setOpen(false), TOAST_MS[current.severity]);
    return () => clearTimeout(timer);
  }, [current]);

  const isError = current?.severity === 'error';
  const snackbar = current && (
    <ToastView
      key={current.key}
      message={current.message}
      severity={current.severity}
      open={open}
      onClose={() => setOpen(false)}
      onExited={() => {
        setQueue((q) => q.slice(1));
        setOpen(true);
      }}
    />
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Live regions stay in the page, so a toast appearing inside one is announced. */}
      <div aria-live="polite" aria-atomic="true" data-testid="toast-status">
        {!isError && snackbar}
      </div>
      <div aria-live="assertive" aria-atomic="true" data-testid="toast-alert">
        {isError && snackbar}
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.success('Saved')`. Needs <ToastProvider> (the app shell has it). */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast needs <ToastProvider> (rendered by pages/_app)');
  return ctx;
}
