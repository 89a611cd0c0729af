import type { Db } from '@/server/db/createDb';
import type { PatientDto } from '@/shared/types/api';
import type { PatientNeedsDto } from '@/shared/types/needs';
import { hasNeeds } from '@/shared/needs';
import * as repo from './repositories/patientNeeds';

/**
 * The patient's needs for the nurse (docs/backend.md, "The patient's needs"): optional, entered and
 * edited by the account holder with the patient, answered to the holder only (in the patient
 * calls) and to the laboratory's staff and nurse of a visit of that patient. They go into no mail
 * and no push; the account export holds them as entered; erasure removes them.
 */

export function needsDto(r: repo.PatientNeedsRow): PatientNeedsDto {
  return {
    language: r.language,
    nurse: r.nurse_sex,
    fearOfNeedles: r.needle_fear === 1,
    difficultVeins: r.difficult_veins === 1,
    fainting: r.fainting === 1,
    latexAllergy: r.latex_allergy === 1,
    anticoagulants: r.anticoagulants === 1,
    noLift: r.no_lift === 1,
    intercom: r.intercom,
  };
}

/** The needs of each patient that has any, by patient id. */
export async function needsOfPatients(db: Db, patientIds: number[]): Promise<Map<number, PatientNeedsDto>> {
  const rows = await repo.findNeeds(db, patientIds);
  return new Map(rows.map((r) => [r.patient_id, needsDto(r)] as const).filter(([, n]) => hasNeeds(n)));
}

/** The patient answers with their needs (left out when nothing was said). */
export async function attachNeeds<T extends PatientDto>(db: Db, patients: T[]): Promise<T[]> {
  const needs = await needsOfPatients(db, patients.map((p) => p.id));
  return patients.map((p) => {
    const n = needs.get(p.id);
    return n ? { ...p, needs: n } : p;
  });
}

/**
 * Stores what the holder sent (validated by `patientNeedsSchema`): absent keeps the stored needs,
 * null or nothing said removes them.
 */
export async function saveNeeds(db: Db, patientId: number, needs: PatientNeedsDto | null | undefined, now = new Date()): Promise<void> {
  if (needs === undefined) return;
  if (!hasNeeds(needs)) {
    await repo.deleteNeeds(db, [patientId]);
    return;
  }
  const b = (v: boolean) => (v ? 1 : 0);
  await repo.upsertNeeds(db, {
    patient_id: patientId,
    language: needs.language ?? null,
    nurse_sex: needs.nurse ?? null,
    needle_fear: b(needs.fearOfNeedles),
    difficult_veins: b(needs.difficultVeins),
    fainting: b(needs.fainting),
    latex_allergy: b(needs.latexAllergy),
    anticoagulants: b(needs.anticoagulants),
    no_lift: b(needs.noLift),
    intercom: needs.intercom || null,
    updated_at: now.toISOString(),
  });
}

/** Erasure of a user's account: the needs of its patients go with them. */
export async function eraseNeedsOfUser(db: Db, userId: number): Promise<void> {
  await repo.deleteNeedsOfUser(db, userId);
}

/** The account export: each patient row with the needs as the holder entered them (null when none). */
export async function withExportedNeeds<T extends { id: number }>(db: Db, patients: T[]): Promise<(T & { needs: PatientNeedsDto | null })[]> {
  const needs = await needsOfPatients(db, patients.map((p) => p.id));
  return patients.map((p) => ({ ...p, needs: needs.get(p.id) ?? null }));
}
