import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { DEMO_SHORTHAND } from './demo/shorthand';
import { insertSynonyms, markSensitive, type SynonymRow } from '@/server/catalogue/repositories/synonyms';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Writes the demo catalogue's shorthand (DEMO_SHORTHAND) for the demo analyses and profiles present,
 * keeping rows already there. Idempotent: run by the seed and by migration 0011_8_1.
 */
export async function writeDemoShorthand(db: Q): Promise<void> {
  const [analyses, profiles] = await Promise.all([db.selectFrom('analyses').select(['id', 'code']).execute(), db.selectFrom('profiles').select(['id', 'code']).execute()]);
  const rowsOf = (kind: SynonymRow['kind'], id: number, code: string): SynonymRow[] =>
    Object.entries(DEMO_SHORTHAND[code] ?? {}).flatMap(([language, terms]) => (terms as string[]).map((term) => ({ kind, item_id: id, language, term })));
  await insertSynonyms(db, [...analyses.flatMap((a) => rowsOf('analysis', a.id, a.code)), ...profiles.flatMap((p) => rowsOf('profile', p.id, p.code))]);
}

/** The demo analyses whose results are sensitive: HIV, hepatitis B and C, syphilis, tumour markers; hCG for a minor. */
export const DEMO_SENSITIVE: Record<string, 'always' | 'minor'> = {
  DG008: 'always',
  DG009: 'always',
  DG010: 'always',
  DG011: 'always',
  DG001: 'always',
  DG002: 'always',
  DG003: 'always',
  DG004: 'always',
  DG005: 'always',
  DG006: 'always',
  DG007: 'always',
  HR024: 'minor',
};

/** Marks the demo catalogue's sensitive analyses (by code, those present). Idempotent: run by the seed and by migration 0011_8_2. */
export async function markDemoSensitive(db: Q): Promise<void> {
  for (const kind of ['always', 'minor'] as const) {
    const codes = Object.entries(DEMO_SENSITIVE).filter(([, k]) => k === kind).map(([code]) => code);
    await markSensitive(db, codes, kind);
  }
}
