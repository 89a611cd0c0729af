import { backendClient, shopClient } from '@/lib/apiClient';
import type { CoverageDto, CreateOrderResponse, CurrentUserDto, PromoQuoteDto } from '@/shared/types/api';
import type { ShopOrderDto } from '@/shared/types/order';
import type { CreateOrderInput } from '@/shared/validation/order';
import { writeStorage } from '@/shared/storage';
import type { EmailConfirmationFlow } from '@/features/account';
import type { PaymentMethod } from '@/features/payments';

/** Calls of the checkout: home-visit coverage, the current user, e-mail confirmation, order creation. */
export const checkoutApi = {
  coverage: (laboratoryId: string, country: string, postalCode: string) =>
    backendClient.get<CoverageDto>(`laboratories/${encodeURIComponent(laboratoryId)}/coverage`, { params: { country, postalCode } }).then((r) => r.data),

  currentUser: () => backendClient.get<CurrentUserDto>('users/current').then((r) => r.data),

  /**
   * Mails the confirmation link (empty body, spec §7); this browser remembers that the link goes on
   * to data confirmed of the order flow.
   */
  sendActivationEmail: () => {
    writeStorage('emailConfirmationFlow', 'order' satisfies EmailConfirmationFlow);
    return backendClient.post('users/send-activation-email').then(() => undefined);
  },

  activate: (token: string) => backendClient.post('users/activate', { token }).then(() => undefined),

  /** `paymentMethod`: `online` (the operator's page is the redirect URL) or `on_visit`. */
  create: (input: CreateOrderInput & { paymentMethod: PaymentMethod }, idempotencyKey: string) =>
    shopClient.post<CreateOrderResponse>('order/create', input, { headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => r.data),

  promo: (laboratoryId: string, promoCode: string) => shopClient.post<PromoQuoteDto>('order/promo', { laboratoryId, promoCode }).then((r) => r.data),

  summary: (orderId: number) => shopClient.get<ShopOrderDto>(`order/${orderId}`).then((r) => r.data),
};
