import { useEffect, useRef } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { readStorage } from '@/lib/storage';
import { loggedIn } from '@/features/auth';
import { activeLaboratorySet } from '@/features/lab';
import { appStarted } from '@/store/appActions';
import { nextTask } from '@/lib/nextTask';

/**
 * Browser start-up, once after the first render (so it never changes the hydrated HTML): a stored
 * token means logged in, a stored laboratory becomes the active one, then `appStarted`. It runs in a
 * task of its own: the requests and re-renders it starts would otherwise lengthen the task in which
 * React runs the whole page's effects after hydration.
 */
export function useStartUp(): void {
  const dispatch = useAppDispatch();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void nextTask(undefined).then(() => {
      if (readStorage('token')) dispatch(loggedIn());
      const laboratoryId = readStorage('activeLaboratoryId');
      if (laboratoryId) dispatch(activeLaboratorySet(laboratoryId));
      dispatch(appStarted());
    });
  }, [dispatch]);
}
