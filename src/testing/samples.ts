import { emptyCart } from '@/shared/emptyShapes';
import type { AnalysisDto, CartDto, MaterialDto, PatientDto } from '@/shared/types/api';

/** The signed-in patient of the client tests, in the wire shape of `users/current`. */
export const sampleUser = {
  id: 7,
  username: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  emailConfirmed: false,
  phone: null,
  dateOfBirth: null,
  role: 'patient' as const,
  laboratoryId: null,
  staffLaboratoryId: null,
};

// Sample data in the wire shapes.

export const tube: MaterialDto = { id: 1, name: 'Blood tube', price: 2, optional: false };
export const swab: MaterialDto = { id: 2, name: 'Sterile swab', price: 3, optional: true };

export function analysis(id: number, name: string, price: number, materials: MaterialDto[] = [tube]): AnalysisDto {
  return {
    id,
    name,
    code: `A${id}`,
    description: '',
    execPeriod: 1,
    catalogueHeaders: [],
    prices: [{ id: id * 10, priceListId: 1, currency: 'PLN', created: '2024-01-01', updated: '2024-01-01', price }],
    materials,
    restrictions: {},
  };
}

export function patient(id: number, firstName: string, lastName: string, gender: 'male' | 'female'): PatientDto {
  return {
    id,
    personalDetails: { firstName, lastName, gender, dateOfBirth: '1990-01-01', email: null, phone: null },
    address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' },
  };
}

/** A cart in the server's shape from `{patientId: analyses}`; the blood tube is charged once per patient. */
export function cartOf(byPatient: Record<number, AnalysisDto[]>): CartDto {
  const cart = emptyCart();
  let total = 0;
  for (const [pid, list] of Object.entries(byPatient)) {
    cart.analysisIdsByPatientId[pid] = list.map((a) => a.id);
    cart.analysisDtosByPatientId[pid] = list;
    const refs: CartDto['materialCartRefMapsByPatientId'][string] = {};
    for (const a of list) {
      (cart.patientIdsByAnalysisId[String(a.id)] ??= []).push(Number(pid));
      for (const m of a.materials) {
        const ref = (refs[String(m.id)] ??= { material: m, analysisIds: [], bought: true });
        ref.analysisIds.push(a.id);
      }
    }
    cart.materialCartRefMapsByPatientId[pid] = refs;
    const sub = list.reduce((s, a) => s + (a.prices[0]?.price ?? 0), 0) + Object.values(refs).reduce((s, r) => s + (r.bought ? r.material.price : 0), 0);
    cart.subCartTotalsByPatientId[pid] = { price: sub, currency: 'PLN' };
    total += sub;
  }
  cart.cartTotal = { price: total, currency: list0Currency(byPatient) };
  return cart;
}
const list0Currency = (byPatient: Record<number, AnalysisDto[]>) => (Object.keys(byPatient).length ? 'PLN' : 'EUR');

