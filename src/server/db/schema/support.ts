import type { Generated } from 'kysely';

/** Barriers reported on the accessibility statement. Conventions in index.ts. */
/** A barrier reported on the accessibility statement: a ticket of the laboratory, due in 30 days. */
export interface BarrierReportTable {
  id: Generated<number>;
  laboratory_id: string;
  name: string;
  email: string;
  page: Generated<string>;
  message: string;
  status: Generated<'open' | 'closed'>;
  created_at: string;
  due_at: string;
}
