import { useEffect, useRef } from 'react';
import { Status } from '@/lib/status';

/** Calls `onSuccess`/`onError` when a request's status moves from LOADING to SUCCESS/ERROR. */
export function useStatusChange(status: Status, handlers: { onSuccess?: () => void; onError?: () => void }): void {
  const previous = useRef(status);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before !== Status.LOADING) return;
    if (status === Status.SUCCESS) latest.current.onSuccess?.();
    if (status === Status.ERROR) latest.current.onError?.();
  }, [status]);
}
