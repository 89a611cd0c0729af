import type { Db } from '@/server/db/createDb';
import type { VisitNeedsDto } from '@/shared/types/needs';
import { needsOfPatients } from '@/server/accounts/patientNeeds';
import { sampleCheckIn } from '@/server/orders/checkIn';

/**
 * What the nurse's day adds to each visit (docs/backend.md, "The patient's needs"): the needs of
 * each patient of the visit who said any, and the morning check-in's answers, which travel with the
 * sample. Only staff of the laboratory and the visit's nurse reach this (nurseVisits.ts checks).
 */
export async function needsOfVisits(db: Db, orderIds: number[], lines: { order_id: number; patient_id: number; first_name: string; last_name: string }[]): Promise<Map<number, VisitNeedsDto>> {
  const needs = await needsOfPatients(db, lines.map((l) => l.patient_id));
  const checkIns = await Promise.all(orderIds.map((id) => sampleCheckIn(db, id)));
  const out = new Map<number, VisitNeedsDto>();
  orderIds.forEach((orderId, i) => {
    const seen = new Set<number>();
    const patients: VisitNeedsDto['patients'] = [];
    for (const l of lines) {
      if (l.order_id !== orderId || seen.has(l.patient_id)) continue;
      seen.add(l.patient_id);
      const n = needs.get(l.patient_id);
      if (n) patients.push({ patientId: l.patient_id, name: `${l.first_name} ${l.last_name}`.trim(), needs: n });
    }
    out.set(orderId, { patients, checkIn: checkIns[i] ?? null });
  });
  return out;
}
