import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useSession, type Session } from '@/features/auth';
import { resourceRequested, selectResource, type ResultsResource, type ResourceData, type ResourceKind } from '../resultsSlice';

/**
 * Loads a resource of the results domain once the session is known to be a user's, and gives
 * a reload for the retry button. `params` null means the page's ids are not known yet.
 */
export function useResource<K extends ResourceKind>(kind: K, params: number[] | null): { session: Session; resource: ResultsResource<ResourceData[K]>; reload: () => void } {
  const dispatch = useAppDispatch();
  const session = useSession();
  const key = params ? params.join(':') : null;
  const resource = useAppSelector((s) => selectResource(s, kind, params ?? []));
  const reload = useCallback(() => {
    if (key !== null) dispatch(resourceRequested({ kind, params: key ? key.split(':').map(Number) : [] }));
  }, [dispatch, kind, key]);
  useEffect(() => {
    if (session === 'user') reload();
  }, [session, reload]);
  return { session, resource, reload };
}
