import { useCallback, useEffect, useRef, useState } from 'react';
import { Status } from '@/lib/status';
import { resource, toFailure, type Resource } from './resource';

export interface Call<T, A extends unknown[]> {
  /** The last call: INITIAL, LOADING, SUCCESS with its answer, or ERROR with its `Failure` (the last answer kept). */
  resource: Resource<T | null>;
  /**
   * Sends the call. Answers whether it succeeded (the answer is then in `resource.data`); false when
   * it failed (the failure is in `resource.error`) or a later run or the unmount overtook it.
   */
  run: (...args: A) => Promise<boolean>;
  /** Back to INITIAL (a form shown afresh), the answer kept. */
  reset: () => void;
}

/**
 * A call a component sends itself (a lazy API method, see `src/lib/lazyApi.ts`), kept as a
 * `Resource` like the slices' resources: failures go through `toFailure`, so the component shows them
 * with `ErrorState`/`Notice` and `useFailureText` like any other. The last run wins; nothing is set
 * after unmount.
 */
export function useCall<T, A extends unknown[]>(fn: (...args: A) => Promise<T>): Call<T, A> {
  const [state, setState] = useState<Resource<T | null>>(() => resource<T | null>(null));
  const latest = useRef(0);
  const call = useRef(fn);
  useEffect(() => {
    call.current = fn;
  });
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const run = useCallback(async (...args: A): Promise<boolean> => {
    const mine = ++latest.current;
    setState((r) => ({ ...r, status: Status.LOADING, error: null }));
    try {
      const data = await call.current(...args);
      if (mine !== latest.current) return false;
      setState({ status: Status.SUCCESS, data, error: null });
      return true;
    } catch (e) {
      if (mine === latest.current) setState((r) => ({ ...r, status: Status.ERROR, error: toFailure(e) }));
      return false;
    }
  }, []);

  const reset = useCallback(() => {
    latest.current += 1;
    setState((r) => ({ ...r, status: Status.INITIAL, error: null }));
  }, []);

  return { resource: state, run, reset };
}
