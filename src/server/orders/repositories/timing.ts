import type { Db } from '@/server/db/createDb';

/** The caller's cart lines with each analysis's timing rules and the patient's sex (visit times that suit the cart). */
export async function listCartTiming(db: Db, userId: number) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('analyses', 'analyses.id', 'cart_lines.analysis_id')
    .innerJoin('patients', 'patients.id', 'cart_lines.patient_id')
    .select([
      'cart_lines.patient_id',
      'cart_lines.analysis_id',
      'analyses.name',
      'patients.gender',
      'analyses.timing_fasting_min',
      'analyses.timing_fasting_max',
      'analyses.timing_latest_local_time',
      'analyses.timing_cycle_from',
      'analyses.timing_cycle_to',
    ])
    .where('cart_lines.user_id', '=', userId)
    .execute();
}
