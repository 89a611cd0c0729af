import { useEffect, useRef } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { readStorage } from '@/shared/storage';
import { loggedIn } from '@/features/auth';
import { activeLaboratorySet } from '@/features/lab';
import { appStarted } from '@/store/appActions';

/**
 * Browser start-up, once after the first render (so it never changes the hydrated HTML): a stored
 * token means logged in, a stored laboratory becomes the active one, then `appStarted`.
 */
export function useStartUp(): void {
  const dispatch = useAppDispatch();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (readStorage('token')) dispatch(loggedIn());
    const laboratoryId = readStorage('activeLaboratoryId');
    if (laboratoryId) dispatch(activeLaboratorySet(laboratoryId));
    dispatch(appStarted());
  }, [dispatch]);
}
