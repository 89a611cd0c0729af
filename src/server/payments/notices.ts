import type { Db } from '../db/createDb';
import { handlePaymentNotification } from './payments';
import type { ProviderId, ProviderNotice, ProviderNotification } from './provider';
import { handleRefundNotification } from './refunds';

/**
 * `POST /api/payments/{provider}/{notice}`: the one door for every provider's notifications. The body,
 * its raw bytes and the headers go to the provider named by the path (an unknown or disabled one is
 * refused like a wrong sign: 400, counted); `status` is a payment's notice, `refund-status` a refund's.
 */
export function handleProviderNotice(db: Db, providerId: ProviderId, notice: ProviderNotice, received: ProviderNotification, ip: string): Promise<{ status: 'ok' }> {
  return notice === 'status' ? handlePaymentNotification(db, providerId, received, ip) : handleRefundNotification(db, providerId, received, ip);
}
