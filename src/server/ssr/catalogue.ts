/**
 * Server-only helpers of the catalogue pages' getServerSideProps (imported only there, so they never
 * reach the browser bundle).
 */
import type { GetServerSidePropsContext } from 'next';
import { getConfig } from '@/server/config';
import { getDb, type Db } from '@/server/db/createDb';
import { HttpError } from '@/server/http/errors';
import { getLaboratory, listLaboratories } from '@/server/laboratories/laboratories';
import { rememberedAnswer } from '@/server/catalogueMemo';
import { LAB_COOKIE } from '@/shared/storage';
import type { LaboratoryDto } from '@/shared/types/api';

/**
 * The laboratory whose prices the server renders: the visitor's active laboratory (kept in a cookie
 * by the browser), else the first laboratory, so a crawler still sees prices.
 */
export async function pricingLaboratory(db: Db, ctx: Pick<GetServerSidePropsContext, 'req'>): Promise<LaboratoryDto | null> {
  const fromCookie = ctx.req.cookies?.[LAB_COOKIE];
  if (fromCookie) {
    try {
      return await rememberedAnswer(db, `ssr:laboratory:${fromCookie}`, () => getLaboratory(db, fromCookie), laboratoryBytes);
    } catch (e) {
      if (!(e instanceof HttpError && e.status === 404)) throw e;
    }
  }
  const all = await rememberedAnswer(db, 'ssr:laboratories', () => listLaboratories(db), laboratoryBytes);
  return all[0] ?? null;
}

/**
 * The laboratory of every catalogue page request was read from the database each time (a query
 * with five correlated subqueries: translations and the lowest zone fee), ~6% of the server's CPU
 * under load on the analysis card (docs/benchmarks.md, ninth round). It is kept for the catalogue's
 * minute, as the prices rendered with it; an unknown id is not kept (its 404 is asked again).
 */
const laboratoryBytes = (v: unknown) => JSON.stringify(v).length * 2 + 256;

/** Absolute URL of a path for the canonical link. */
export function canonicalUrl(path: string): string {
  return `${getConfig().appUrl}${path}`;
}

export async function catalogueContext(ctx: Pick<GetServerSidePropsContext, 'req'>) {
  const db = await getDb();
  const laboratory = await pricingLaboratory(db, ctx);
  return { db, laboratory, laboratoryId: laboratory?.id ?? null };
}

export function isNotFound(e: unknown): boolean {
  return e instanceof HttpError && e.status === 404;
}

/** The 1-based page of `?page=` (a category page); anything else (absent, 0, text) is the first page. */
export function pageOf(raw: unknown): number {
  return typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
}
