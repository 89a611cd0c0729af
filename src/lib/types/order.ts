/**
 * Wire shape of a submitted order as the shop API returns it to its owner (`GET /api/order/{orderId}`),
 * used by the order-submitted page. Money in major units.
 */
import type { Currency } from '../money';

export interface OrderLineSummaryDto {
  analysisId: number;
  code: string;
  name: string;
  profileId: number | null;
  price: number;
}

export interface OrderMaterialSummaryDto {
  materialId: number;
  name: string;
  /** False: the patient brings this material themselves. */
  bought: boolean;
  price: number;
}

export interface OrderPatientSummaryDto {
  patientId: number;
  firstName: string;
  lastName: string;
  lines: OrderLineSummaryDto[];
  materials: OrderMaterialSummaryDto[];
  subtotal: number;
}

export interface OrderPreparationDto {
  /** The strictest fasting over every analysis of the visit, hours (0: no fasting needed). */
  fastingHours: number;
  /** Preparation notes of the analyses that have one. */
  notes: { analysisId: number; name: string; preparation: string }[];
}

export interface OrderSummaryDto {
  id: number;
  number: string;
  status: string;
  createdAt: string;
  paymentMode: 'pay_nurse';
  laboratory: { id: string; cityName: string; address: string; phone: string; email: string };
  visit: { slotId: number; start: string; end: string };
  address: {
    country: string;
    city: string;
    postalCode: string;
    street: string;
    entry: string;
    floor: string;
    apartment: string;
    intercomCode: string;
    notes: string;
  };
  feedback: { useEmail: boolean; usePhone: boolean; quickPhone: string };
  currency: Currency;
  subtotal: number;
  deliveryPrice: number;
  /** The promo code applied, if any, and what it took off the subtotal. */
  promoCode: string | null;
  discount: number;
  total: number;
  patients: OrderPatientSummaryDto[];
  preparation: OrderPreparationDto;
}
