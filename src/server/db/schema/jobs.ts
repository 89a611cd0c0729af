import type { Generated } from 'kysely';

/** Scheduled jobs and the mail outbox. Conventions in index.ts. */
export type JobStatus = 'pending' | 'running' | 'done' | 'cancelled' | 'failed';

/** Scheduled work (reminders, purges); see docs/backend.md "Scheduled jobs". */
export interface JobTable {
  id: Generated<number>;
  /** Unique per job, e.g. `visit-reminder:12`. */
  key: string;
  kind: string;
  /** JSON. */
  payload: Generated<string>;
  status: Generated<JobStatus>;
  /** ISO instant from which the job is due. */
  run_at: string;
  attempts: Generated<number>;
  /** Random per claim; only the holder of the current claim may finish the job. */
  claim_token: string | null;
  /** While running: after this instant another runner may take the job over. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  done_at: string | null;
  /** Higher runs first. */
  priority: Generated<number>;
  /** The laboratory whose staff see the job in the console; null: operators only. */
  laboratory_id: string | null;
  /** Runs before the job is dead-lettered (`failed`). */
  max_attempts: Generated<number>;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'discarded';

/**
 * The mail outbox: every mail the shop owes, written in the transaction of the change that owes it
 * and delivered by the `mail-send` job (docs/backend.md, "Jobs and the mail outbox"). The body is
 * cleared once the mail is sent.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  /** `<...@host>`, stable across attempts, so a repeat is recognisably the same message. */
  message_id: string;
  /** The template (e.g. `passwordReset`), shown to staff instead of the subject. */
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON of the iCalendar part, or null. */
  ical: string | null;
  laboratory_id: string | null;
  priority: Generated<number>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  /** When the latest attempt started (recorded before the SMTP conversation). */
  attempted_at: string | null;
  sent_at: string | null;
  updated_at: string;
}
