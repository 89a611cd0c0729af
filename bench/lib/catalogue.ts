/** Bench catalogues: the demo catalogue enlarged with renamed copies (never the demo database itself). */
import type { DbHandle } from '../../src/server/db/createDb';
import { indexAnalyses } from '@/server/catalogue/repositories/searchTerms';

type Db = DbHandle['db'];

const VARIANTS = ['express', 'extended', 'paediatric', 'screening', 'follow-up', 'confirmatory', 'quantitative', 'repeat', 'home'];

/** Adds `copies - 1` renamed copies of every analysis (headers, materials, prices, search terms). */
export async function enlarge(db: Db, copies: number): Promise<number> {
  const base = await db.selectFrom('analyses').selectAll().execute();
  const headers = await db.selectFrom('analysis_headers').selectAll().execute();
  const materials = await db.selectFrom('analysis_materials').selectAll().execute();
  const prices = await db.selectFrom('analysis_prices').selectAll().execute();
  const now = new Date().toISOString();
  for (let copy = 1; copy < copies; copy++) {
    const variant = `${VARIANTS[(copy - 1) % VARIANTS.length] as string}${copy > VARIANTS.length ? ` ${copy}` : ''}`;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < base.length; i += 100) {
        const chunk = base.slice(i, i + 100);
        const rows = await trx
          .insertInto('analyses')
          .values(
            chunk.map(({ id: _id, ...a }) => ({
              ...a,
              code: `${a.code}-${copy}`,
              name: `${a.name}, ${variant}`,
              search_text: `${a.code}-${copy} ${a.name}, ${variant}`.toLowerCase(),
            })),
          )
          .returning(['id', 'code', 'name'])
          .execute();
        await indexAnalyses(trx, rows);
        const idOf = new Map(chunk.map((a, k) => [a.id, rows[k]?.id as number]));
        const h = headers.filter((x) => idOf.has(x.analysis_id)).map((x) => ({ ...x, analysis_id: idOf.get(x.analysis_id) as number }));
        const m = materials.filter((x) => idOf.has(x.analysis_id)).map((x) => ({ ...x, analysis_id: idOf.get(x.analysis_id) as number }));
        const p = prices
          .filter((x) => idOf.has(x.analysis_id))
          .map(({ id: _id, ...x }) => ({ ...x, analysis_id: idOf.get(x.analysis_id) as number, created: now, updated: now }));
        for (let j = 0; j < h.length; j += 200) await trx.insertInto('analysis_headers').values(h.slice(j, j + 200)).execute();
        for (let j = 0; j < m.length; j += 200) await trx.insertInto('analysis_materials').values(m.slice(j, j + 200)).execute();
        for (let j = 0; j < p.length; j += 200) await trx.insertInto('analysis_prices').values(p.slice(j, j + 200)).execute();
      }
    });
  }
  const n = await db.selectFrom('analyses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n.n);
}
