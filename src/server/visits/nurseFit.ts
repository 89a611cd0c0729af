import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { badRequest, forbidden, notFound } from '@/server/http/errors';
import { isStaffOf, ORDER_NOT_FOUND } from '@/server/orders/orderAccess';
import * as ordersRepo from '@/server/orders/repositories/orders';
import * as visitsRepo from '@/server/visits/repositories/visits';
import * as profilesRepo from '@/server/visits/repositories/nurseProfiles';
import { findUserByEmail } from '@/server/accounts/repositories/accounts';
import { needsOfPatients } from '@/server/accounts/patientNeeds';
import { NEED_LANGUAGES } from '@/shared/needs';
import type { NurseCandidateDto, NurseFitDto, PatientNeedsDto } from '@/shared/types/needs';
import { staffMemberDto } from './nurseVisits';

/**
 * Which nurse fits a visit (docs/backend.md, "The patient's needs"): a nurse who speaks a language
 * a patient of the visit speaks, and a nurse of the sex a patient prefers. Staff choose; the list
 * puts the best fitting first (a language before a preference, then by name) and says why.
 */

/** The reasons a nurse (sex, languages) fits the patients' needs. */
export function fitsOf(profile: { sex: string | null; languages: string } | undefined, needs: PatientNeedsDto[]): NurseFitDto[] {
  if (!profile) return [];
  const spoken = new Set(profile.languages.split(',').filter(Boolean));
  const fits: NurseFitDto[] = [];
  for (const language of new Set(needs.flatMap((n) => (n.language ? [n.language] : [])))) {
    if (spoken.has(language)) fits.push({ reason: 'language', value: language });
  }
  for (const sex of new Set(needs.flatMap((n) => (n.nurse ? [n.nurse] : [])))) {
    if (profile.sex === sex) fits.push({ reason: 'sex', value: sex });
  }
  return fits;
}

const score = (fits: NurseFitDto[]) => fits.reduce((s, f) => s + (f.reason === 'language' ? 2 : 1), 0);

/** `GET staff/nurses?orderId=`: the laboratory's nurses for the order's visit, the best fitting first, each with why. */
export async function nurseCandidates(db: Db, user: AuthUser, orderId: number): Promise<NurseCandidateDto[]> {
  if (!user.staffLaboratoryId || user.staffRole === 'nurse') throw forbidden('Not available to nurses');
  const order = await ordersRepo.getOrder(db, orderId);
  if (!order || !isStaffOf(user, order.laboratory_id)) throw notFound(ORDER_NOT_FOUND);
  const lines = await ordersRepo.listLines(db, [orderId]);
  const needs = [...(await needsOfPatients(db, lines.map((l) => l.patient_id))).values()];
  const nurses = await visitsRepo.listNurses(db, order.laboratory_id);
  const profiles = await profilesRepo.findProfiles(db, nurses.map((n) => n.id));
  const candidates = nurses.map((n) => ({ ...(staffMemberDto(n) as NurseCandidateDto), fits: fitsOf(profiles.get(n.id), needs) }));
  // A stable sort: equal fits keep the list's order by name.
  return candidates.sort((a, b) => score(b.fits) - score(a.fits));
}

/** `npm run nurse:profile`: a nurse's sex and the languages they speak. */
export async function setNurseProfile(db: Db, email: string, profile: { sex: string | null; languages: string[] }): Promise<void> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user || user.role !== 'staff' || user.staff_role !== 'nurse') throw notFound('No nurse with this e-mail');
  if (profile.sex !== null && profile.sex !== 'female' && profile.sex !== 'male') throw badRequest('The sex is female or male', { sex: 'The sex is female or male' });
  const unknown = profile.languages.find((l) => !(NEED_LANGUAGES as readonly string[]).includes(l));
  if (unknown) throw badRequest(`Unknown language ${unknown}`, { languages: `Unknown language ${unknown}` });
  await profilesRepo.saveProfile(db, { user_id: user.id, sex: profile.sex, languages: [...new Set(profile.languages)].join(',') });
}
