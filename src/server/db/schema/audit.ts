import type { Generated } from 'kysely';
import type { AuditActionDto, AuditActorKindDto } from '@/shared/types/audit';

// The append-only audit trail (conventions in index.ts). Its actions and kinds of actor are the one
// list in src/shared/types/audit.ts.

/** One append-only audit record (triggers refuse updates and deletes). */
export interface AuditEventTable {
  id: Generated<number>;
  at: string;
  action: AuditActionDto;
  actor_kind: AuditActorKindDto;
  actor_user_id: number | null;
  share_id: number | null;
  /** Whose account or health data it concerns. */
  subject_user_id: number | null;
  laboratory_id: string | null;
  order_id: number | null;
  patient_id: number | null;
  /** The client address of the request (empty from the command line). */
  client_ip: Generated<string>;
  /** What exactly, e.g. `results` or `pdf`, or the new role. Never a secret or a result value. */
  detail: Generated<string>;
  /** The hash chain (audit/auditChain.ts): the previous record's hash and this record's. */
  prev_hash: string | null;
  hash: string | null;
}
