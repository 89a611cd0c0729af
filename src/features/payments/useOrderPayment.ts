import { useCallback, useEffect, useRef, useState } from 'react';
import { paymentsApi } from './lazyPaymentsApi';
import { isSettled } from './paymentRules';
import type { OrderPaymentDto } from './types';

/** How often an awaiting payment is asked for again. */
export const PAYMENT_POLL_MS = 2000;

export interface OrderPaymentState {
  payment: OrderPaymentDto | null;
  /** True until the first answer. */
  loading: boolean;
  failed: boolean;
  /** Checks made so far while awaiting (the visible progress). */
  checks: number;
  reload: () => void;
}

/**
 * The payment of an order, asked again every 2 s while it awaits the operator's notification
 * (the return from the operator's page proves nothing: the notification decides).
 */
export function useOrderPayment(orderId: number | null): OrderPaymentState {
  const [payment, setPayment] = useState<OrderPaymentDto | null>(null);
  const [loading, setLoading] = useState(orderId !== null);
  const [failed, setFailed] = useState(false);
  const [checks, setChecks] = useState(0);
  const [round, setRound] = useState(0);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (orderId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const check = async () => {
      try {
        const p = await paymentsApi.orderPayment(orderId);
        if (stopped || !alive.current) return;
        setPayment(p);
        setFailed(false);
        setLoading(false);
        if (p && !isSettled(p.status)) {
          setChecks((n) => n + 1);
          timer = setTimeout(() => void check(), PAYMENT_POLL_MS);
        }
      } catch {
        if (stopped || !alive.current) return;
        setFailed(true);
        setLoading(false);
      }
    };
    void check();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [orderId, round]);

  const reload = useCallback(() => {
    setChecks(0);
    setRound((r) => r + 1);
  }, []);
  return { payment, loading, failed, checks, reload };
}
