import { backendClient, shopClient } from '@/lib/apiClient';
import type { CoverageDto, CreateOrderResponse, PromoQuoteDto } from '@/shared/types/api';
import type { CreateOrderInput } from '@/shared/validation/order';

/** Calls of the checkout: home-visit coverage, promo codes and order creation. */
export const checkoutApi = {
  coverage: (laboratoryId: string, country: string, postalCode: string) =>
    backendClient.get<CoverageDto>(`laboratories/${encodeURIComponent(laboratoryId)}/coverage`, { params: { country, postalCode } }).then((r) => r.data),

  /** `paymentMethod`: `online` (the operator's page is the redirect URL) or `on_visit`. */
  create: (input: CreateOrderInput, idempotencyKey: string) =>
    shopClient.post<CreateOrderResponse>('order/create', input, { headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => r.data),

  promo: (laboratoryId: string, promoCode: string) => shopClient.post<PromoQuoteDto>('order/promo', { laboratoryId, promoCode }).then((r) => r.data),
};
