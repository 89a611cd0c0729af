import { backendClient, shopClient } from '@/lib/apiClient';
import type { CoverageDto, CreateOrderResponse, PromoQuoteDto } from '@/shared/types/api';
import type { ShopOrderDto } from '@/shared/types/order';
import type { CreateOrderInput } from '@/shared/validation/order';

/** Calls of the checkout: home-visit coverage, promo codes, order creation and the submitted order. */
export const checkoutApi = {
  coverage: (laboratoryId: string, country: string, postalCode: string) =>
    backendClient.get<CoverageDto>(`laboratories/${encodeURIComponent(laboratoryId)}/coverage`, { params: { country, postalCode } }).then((r) => r.data),

  /** `paymentMethod`: `online` (the operator's page is the redirect URL) or `on_visit`. */
  create: (input: CreateOrderInput, idempotencyKey: string) =>
    shopClient.post<CreateOrderResponse>('order/create', input, { headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => r.data),

  promo: (laboratoryId: string, promoCode: string) => shopClient.post<PromoQuoteDto>('order/promo', { laboratoryId, promoCode }).then((r) => r.data),

  summary: (orderId: number) => shopClient.get<ShopOrderDto>(`order/${orderId}`).then((r) => r.data),
};
