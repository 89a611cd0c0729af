/**
 * Wire shape of a submitted order as the shop API returns it to its owner (`GET /api/order/{orderId}`),
 * also the order confirmation's and the visit reminder's source. Money in major units. The orders
 * list, the order page and the order-submitted page use `OrderSummaryDto` / `OrderDetailDto` (./results.ts).
 */
import type { Currency } from '@/shared/money';
import type { CatalogueI18nDto } from './api';
import type { OrderAddressDto, OrderLaboratoryDto, OrderStatusDto, VisitDto, VisitTrackingDto } from './results';

export interface ShopOrderLineDto {
  analysisId: number;
  code: string;
  name: string;
  /** The analysis's name in Russian and Polish. */
  i18n?: CatalogueI18nDto;
  profileId: number | null;
  price: number;
}

export interface ShopOrderMaterialDto {
  materialId: number;
  name: string;
  i18n?: CatalogueI18nDto;
  /** False: the patient brings this material themselves. */
  bought: boolean;
  price: number;
}

export interface ShopOrderPatientDto {
  patientId: number;
  firstName: string;
  lastName: string;
  lines: ShopOrderLineDto[];
  materials: ShopOrderMaterialDto[];
  subtotal: number;
}

export interface OrderPreparationDto {
  /** The strictest fasting over every analysis of the visit, hours (0: no fasting needed). */
  fastingHours: number;
  /** Preparation notes of the analyses that have one. */
  notes: { analysisId: number; name: string; preparation: string; i18n?: CatalogueI18nDto }[];
}

import type { PaymentDto } from './payment';

export interface ShopOrderDto {
  /** Present on every server answer (docs/payments.md). */
  payment?: PaymentDto;
  id: number;
  number: string;
  status: string;
  createdAt: string;
  paymentMode: 'pay_nurse';
  laboratory: OrderLaboratoryDto & { email: string };
  visit: VisitDto;
  address: OrderAddressDto;
  feedback: { useEmail: boolean; usePhone: boolean; quickPhone: string };
  currency: Currency;
  subtotal: number;
  deliveryPrice: number;
  /** The promo code applied, if any, and what it took off the subtotal. */
  promoCode: string | null;
  discount: number;
  total: number;
  patients: ShopOrderPatientDto[];
  preparation: OrderPreparationDto;
}

/**
 * `event: order` of `GET orders/{id}/events` (Server-Sent Events): what of the order changes while its
 * page is open. `payment` is the order's payment as `GET orders/{id}` gives it (absent from servers
 * before it was added).
 */
export interface OrderChangeEventDto {
  status: OrderStatusDto;
  visit: VisitTrackingDto;
  payment?: PaymentDto;
}
