import type { Db } from '@/server/db/createDb';

/** Home-visit zones of the laboratories. */

export interface ZoneRecord {
  laboratory_id: string;
  prefix: string;
  visit_fee_minor: number;
}

/** Zones of `country` whose prefix could match (all of them: zones are few, matched in code). */
export async function findZonesOfCountry(db: Db, country: string): Promise<ZoneRecord[]> {
  return db.selectFrom('laboratory_zones').select(['laboratory_id', 'prefix', 'visit_fee_minor']).where('country', '=', country).execute();
}

/** Ids of the laboratories that have at least one zone. */
export async function findZonedLaboratoryIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('laboratory_zones').select('laboratory_id').distinct().execute();
  return new Set(rows.map((r) => r.laboratory_id));
}
