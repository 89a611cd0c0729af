import type { CartDto, PatientAddressDto } from '@/shared/types/api';
import { DEFAULT_CURRENCY } from './money';

/** The empty cart and the empty patient address, one definition for the server's answers and the client's state. */

export const emptyCart = (): CartDto => ({
  patientIdsByAnalysisId: {},
  analysisIdsByPatientId: {},
  subCartTotalsByPatientId: {},
  analysisDtosByPatientId: {},
  materialCartRefMapsByPatientId: {},
  isBoughtOptionalMaterialMap: {},
  cartTotal: { price: 0, currency: DEFAULT_CURRENCY },
});

/** A patient's address before anything is entered (the spec: every field an empty string). */
export const emptyAddress = (): PatientAddressDto => ({
  country: '',
  region: '',
  locality: '',
  district: '',
  street: '',
  houseNumber: '',
  entranceNumber: '',
  floorNumber: '',
  apartmentNumber: '',
  addressNotes: '',
});
