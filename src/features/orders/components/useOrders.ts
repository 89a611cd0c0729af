import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useSession, type Session } from '@/features/auth';
import type { Resource } from '@/lib/store/resource';
import type { OrderDetailDto, OrderSummaryDto } from '@/shared/types/results';
import { orderRequested, ordersRequested, orderWatchStarted, orderWatchStopped, selectOrder } from '../ordersSlice';

interface Loaded<T> {
  session: Session;
  resource: Resource<T | null>;
  reload: () => void;
}

/** Loads once the session is known to be a user's. */
function useLoadForUser(reload: () => void): Session {
  const session = useSession();
  useEffect(() => {
    if (session === 'user') reload();
  }, [session, reload]);
  return session;
}

/** The user's orders, loaded once the session is a user's, with a reload for the retry button. */
export function useOrders(): Loaded<OrderSummaryDto[]> {
  const dispatch = useAppDispatch();
  const resource = useAppSelector((s) => s.orders.orders);
  const reload = useCallback(() => {
    dispatch(ordersRequested());
  }, [dispatch]);
  return { session: useLoadForUser(reload), resource, reload };
}

/** One order (`orderId` null: not known yet), loaded once the session is a user's, with a reload. */
export function useOrder(orderId: number | null): Loaded<OrderDetailDto> {
  const dispatch = useAppDispatch();
  const resource = useAppSelector((s) => selectOrder(s, orderId ?? 0));
  const reload = useCallback(() => {
    if (orderId !== null) dispatch(orderRequested({ orderId }));
  }, [dispatch, orderId]);
  return { session: useLoadForUser(reload), resource, reload };
}

/**
 * Follows the order's event stream while mounted and `enabled` (the session a user's): the saga opens
 * one stream per order, and its events update the order in the store for every reader.
 */
export function useOrderWatch(orderId: number | null, enabled: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (orderId === null || !enabled) return;
    dispatch(orderWatchStarted({ orderId }));
    return () => {
      dispatch(orderWatchStopped({ orderId }));
    };
  }, [dispatch, orderId, enabled]);
}

/** One order, loaded once the session is a user's and then kept live by its event stream. */
export function useLiveOrder(orderId: number | null): Loaded<OrderDetailDto> {
  const loaded = useOrder(orderId);
  useOrderWatch(orderId, loaded.session === 'user');
  return loaded;
}
