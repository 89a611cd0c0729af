import type { Db } from '@/server/db/createDb';
import type { AccessRecordDto, RecordAccessEventDto } from '@/shared/types/audit';
import type { AuditQuery } from '@/server/audit/repositories/audit';
import { accessToSubject, recordAudit } from '@/server/audit/audit';
import { findRecordWithHolder } from './repositories/household';

/**
 * GET users/current/audit: who (laboratory staff or a share link) opened or changed the caller's
 * health data, and every invite, grant, refusal, withdrawal and end of a family member's access to a
 * record (in both people's logs, `counterpartName` the other person), newest first. The rows are the
 * audit trail's (audit/audit.ts); the names are the household's.
 */
export async function listAccessToMyData(db: Db, userId: number, q: AuditQuery = {}): Promise<AccessRecordDto[]> {
  const entries = await accessToSubject(db, userId, q);
  const names = await counterpartNames(db, userId, entries.flatMap((e) => (e.recordPatientId === null ? [] : [e.recordPatientId])));
  return entries.map((e) => (e.recordPatientId === null ? e.dto : { ...e.dto, counterpartName: names.get(e.recordPatientId) ?? null }));
}

/** For a record's holder the name on the record; for the family member, the holder's name. */
async function counterpartNames(db: Db, userId: number, patientIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of new Set(patientIds)) {
    const r = await findRecordWithHolder(db, id);
    if (r) out.set(id, (r.user_id === userId ? `${r.first_name} ${r.last_name}` : `${r.holder_first_name} ${r.holder_last_name}`).trim());
  }
  return out;
}

/** Writes one `record_access` record into the holder's log and, when there is one, the member's. */
export async function logAccessEvent(db: Db, event: RecordAccessEventDto, p: { patientId: number; holderId: number; memberId: number | null; actorId: number | null }, now: Date): Promise<void> {
  const actor = p.actorId === null ? { actorKind: 'operator' as const, actorUserId: null } : { actorKind: 'patient' as const, actorUserId: p.actorId };
  for (const subject of [p.holderId, p.memberId]) {
    if (subject === null) continue;
    await recordAudit(db, { action: 'record_access', ...actor, subjectUserId: subject, patientId: p.patientId, detail: event }, now);
  }
}
