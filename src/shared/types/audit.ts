/** The audit trail as the API answers it (`GET users/current/audit`, `GET staff/audit`). */
/** Every action of the audit trail, the one list the types, the database schema and the filters' validation read. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'locked_out',
  'password_changed',
  'role_changed',
  'health_read',
  'health_write',
  'account_exported',
  'account_deleted',
  'session_revoked',
  'refresh_reuse',
  'background_work',
  'payment_paid',
  'payment_rejected',
  'refund_requested',
  'refund_settled',
  'barrier_closed',
  'record_access',
] as const;
export type AuditActionDto = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_KINDS = ['patient', 'staff', 'share', 'operator', 'anonymous'] as const;
export type AuditActorKindDto = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * What a record of health data did: `opened` it; entered `results`; marked the `samples` collected;
 * another step of the home `visit`; assigned the `nurse`; another `status` change of the order.
 */
export type AccessWhatDto = 'opened' | 'results' | 'samples' | 'visit' | 'nurse' | 'status' | RecordAccessEventDto;

/**
 * A family member's access to a record (`record_access` records, in both people's logs): invited,
 * consent given, refused, withdrawn, or the guardian's access ended at the 18th birthday.
 */
export const RECORD_ACCESS_EVENTS = ['access_invited', 'access_granted', 'access_refused', 'access_withdrawn', 'access_ended', 'transfer_invited', 'transfer_refused', 'record_transferred'] as const;
export type RecordAccessEventDto = (typeof RECORD_ACCESS_EVENTS)[number];

/** Who opened or changed the caller's health data: laboratory staff (by name) or one of their share links. */
export interface AccessRecordDto {
  id: number;
  at: string;
  action: AuditActionDto;
  what: AccessWhatDto;
  actorKind: AuditActorKindDto;
  /** The same for every record of one person or one share link (`staff:12`, `share:3`). */
  actorKey: string;
  /** The staff member's display name (else first and last name); null for a share link. */
  actorName: string | null;
  orderId: number | null;
  orderNumber: string | null;
  detail: string;
  /** Of a family member's access (`record_access`): the other person (the record's name for its holder, the holder's name for the member). */
  counterpartName?: string | null;
}

/** One record of the laboratory's trail, for its staff. */
export interface LabAuditRecordDto extends AccessRecordDto {
  actorEmail: string | null;
  subjectUserId: number | null;
  patientId: number | null;
  clientIp: string;
}

/** Refused sign-ins or lock-outs of one account in one 15-minute window (`GET staff/security-events`). */
export interface SecurityEventDto {
  id: number;
  action: 'sign_in_failed' | 'locked_out' | 'payment_notification_refused' | 'refund_notification_refused';
  /** Refused notifications: why (`wrong sign or malformed`, `unknown session`, ...); else null. */
  reason?: string | null;
  subjectUserId: number | null;
  subjectEmail: string | null;
  /** The client address of the latest one. */
  clientIp: string;
  count: number;
  firstAt: string;
  lastAt: string;
}
