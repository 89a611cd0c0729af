import type { Db } from '@/server/db/createDb';
import { openShareFor } from '@/server/results/shares';
import { buildResultsBundle, type FhirBundle } from './fhir';

/** GET shared-results/{token}/fhir: the shared results as a FHIR bundle (the link's checks and audit are the page's, results/shares.ts). */
export async function sharedFhir(db: Db, token: string, ip = '', now = new Date()): Promise<FhirBundle> {
  const { share, order } = await openShareFor(db, token, ip, now, 'fhir');
  return buildResultsBundle(db, order, share.patient_id, now);
}
