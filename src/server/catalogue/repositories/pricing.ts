import type { Db } from '@/server/db/createDb';

/** Reads of a price list's analysis and material prices, for pricing a cart or an order (catalogue/pricing.ts). */
type Q = Db;

export interface AnalysisPriceRow {
  analysis_id: number;
  price_minor: number;
}

export async function findAnalysisPrices(db: Q, priceListId: number, analysisIds: number[]): Promise<AnalysisPriceRow[]> {
  if (!analysisIds.length) return [];
  return db
    .selectFrom('analysis_prices')
    .select(['analysis_id', 'price_minor'])
    .where('price_list_id', '=', priceListId)
    .where('analysis_id', 'in', analysisIds)
    .execute();
}

export interface AnalysisMaterialRow {
  analysis_id: number;
  material_id: number;
  name: string;
  optional: number;
  price_minor: number | null;
}

export async function findAnalysisMaterials(db: Q, priceListId: number, analysisIds: number[]): Promise<AnalysisMaterialRow[]> {
  if (!analysisIds.length) return [];
  return db
    .selectFrom('analysis_materials')
    .innerJoin('materials', 'materials.id', 'analysis_materials.material_id')
    .leftJoin('material_prices', (j) =>
      j.onRef('material_prices.material_id', '=', 'analysis_materials.material_id').on('material_prices.price_list_id', '=', priceListId),
    )
    .select(['analysis_materials.analysis_id', 'analysis_materials.material_id', 'materials.name', 'analysis_materials.optional', 'material_prices.price_minor'])
    .where('analysis_materials.analysis_id', 'in', analysisIds)
    .orderBy('analysis_materials.material_id')
    .execute();
}
