import { shopClient } from '@/lib/apiClient';
import type { AddToCartResponse, CartDto } from '@/shared/types/api';
import type { ParsedListDto } from '@/shared/types/doctorsList';

/** Calls of the shop's cart API (spec §7). */
export type AddableType = 'analysis' | 'profile';

export interface AddRequest {
  addableType: AddableType;
  addableId: number;
  patientIds: number[];
  updateToIsBoughtOptionalMaterialMap?: Record<string, boolean>;
}

const labParams = (laboratoryId: string | null) => (laboratoryId ? { laboratoryId } : {});

export const cartApi = {
  getCart: (laboratoryId: string | null) => shopClient.get<CartDto>('cart/get-cart', { params: labParams(laboratoryId) }).then((r) => r.data),

  add: (req: AddRequest, laboratoryId: string | null) => {
    const body =
      req.addableType === 'profile'
        ? { profileId: req.addableId, patientIds: req.patientIds, updateToIsBoughtOptionalMaterialMap: req.updateToIsBoughtOptionalMaterialMap }
        : { analysisId: req.addableId, patientIds: req.patientIds, updateToIsBoughtOptionalMaterialMap: req.updateToIsBoughtOptionalMaterialMap };
    const path = req.addableType === 'profile' ? 'cart/add-profile-to-cart' : 'cart/add-to-cart';
    return shopClient.post<AddToCartResponse>(path, body, { params: labParams(laboratoryId) }).then((r) => r.data);
  },

  removePatientAnalysis: (patientId: number, analysisId: number, laboratoryId: string | null) =>
    shopClient.post<CartDto>('cart/remove-patient-analysis', { patientId, analysisId }, { params: labParams(laboratoryId) }).then((r) => r.data),

  removePatient: (patientId: number, laboratoryId: string | null) =>
    shopClient.post<CartDto>('cart/remove-patient', undefined, { params: { patientId, ...labParams(laboratoryId) } }).then((r) => r.data),

  removeAnalysis: (analysisId: number, laboratoryId: string | null) =>
    shopClient.post<CartDto>('cart/remove-analysis', undefined, { params: { analysisId, ...labParams(laboratoryId) } }).then((r) => r.data),

  /** A doctor's list read line by line against the laboratory's catalogue (`POST cart/parse`). */
  parseList: (text: string, laboratoryId: string, language: string) => shopClient.post<ParsedListDto>('cart/parse', { text, laboratoryId, language }).then((r) => r.data),

  reset: (laboratoryId: string | null) => shopClient.get<CartDto>('cart/reset-cart', { params: labParams(laboratoryId) }).then((r) => r.data),
};
