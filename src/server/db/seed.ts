import type { Db } from './createDb';
import { DEMO_ANALYSES, DEMO_HEADERS, DEMO_MATERIALS, DEMO_PROFILES } from './demo/catalogue';
import { DEMO_LABORATORIES, DEMO_PRICE_LISTS } from './demo/laboratories';
import { DEMO_SELLERS } from './demo/sellers';
import { applyDemoZones } from './demo/zones';
import { applyDemoTiming } from './demo/timing';
import { applyDemoPanels } from './demo/panels';
import { DEMO_SCIENCE } from './demo/science';
import { referenceRangeRows } from './science';
import { writeDemoCatalogueExtras, writeDemoTranslations } from './catalogueTranslations';
import { markDemoSensitive, writeDemoShorthand } from './catalogueShorthand';
import { generateSlotDays, slotDaysAhead } from '@/server/visits/slots';

const BATCH = 100;

function chunks<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}


/** The demo promo code named in the README. */
export const DEMO_PROMO_CODE = 'WELCOME10';
/** Rounds a converted price to half units of the currency, in minor units. */
function priceMinor(base: number, factor: number): number {
  return Math.round(base * factor * 2) * 50;
}

async function seedInto(db: Db, now: Date): Promise<void> {
  const stamp = now.toISOString();

  const priceListIds = new Map<string, number>();
  for (const list of DEMO_PRICE_LISTS) {
    const row = await db
      .insertInto('price_lists')
      .values({ name: list.name, currency: list.currency, created: stamp, updated: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    priceListIds.set(list.key, row.id);
  }
  const listId = (key: string): number => {
    const id = priceListIds.get(key);
    if (id === undefined) throw new Error(`Unknown demo price list ${key}`);
    return id;
  };

  await db
    .insertInto('laboratories')
    .values(
      DEMO_LABORATORIES.map((l) => ({
        id: l.id,
        city_name: l.cityName,
        country: l.country,
        address: l.address,
        email: l.email,
        about_link: l.aboutLink,
        phone: l.phone,
        latitude: l.latitude,
        longitude: l.longitude,
        price_list_id: listId(l.priceList),
        visit_fee_minor: Math.round(l.visitFee * 100),
      })),
    )
    .execute();
  await applyDemoZones(db);
  await db
    .insertInto('laboratory_sellers')
    .values(
      DEMO_SELLERS.map((s) => ({ laboratory_id: s.laboratoryId, legal_name: s.legalName, tax_id: s.taxId, street: s.street, postal_code: s.postalCode, city: s.city, country: 'PL' })),
    )
    .onConflict((oc) => oc.column('laboratory_id').doNothing())
    .execute();

  await db.insertInto('catalogue_headers').values(DEMO_HEADERS).execute();

  const materialIds = new Map<string, number>();
  for (const m of DEMO_MATERIALS) {
    const row = await db.insertInto('materials').values({ name: m.name, vat_rate: m.vatRate ?? 'zw' }).returning('id').executeTakeFirstOrThrow();
    materialIds.set(m.key, row.id);
  }
  const materialId = (key: string): number => {
    const id = materialIds.get(key);
    if (id === undefined) throw new Error(`Unknown demo material ${key}`);
    return id;
  };
  for (const chunk of chunks(
    DEMO_PRICE_LISTS.flatMap((list) =>
      DEMO_MATERIALS.map((m) => ({ price_list_id: listId(list.key), material_id: materialId(m.key), price_minor: priceMinor(m.price, list.factor) })),
    )
  )) {
    await db.insertInto('material_prices').values(chunk).execute();
  }

  const analysisIds = new Map<string, number>();
  for (let i = 0; i < DEMO_ANALYSES.length; i += BATCH) {
    const rows = await db
      .insertInto('analyses')
      .values(
        DEMO_ANALYSES.slice(i, i + BATCH).map((a) => ({
          code: a.code,
          name: a.name,
          search_text: `${a.code} ${a.name}`.toLowerCase(),
          description: a.description,
          exec_period: a.execPeriod,
          fasting_hours: a.fastingHours,
          preparation: a.preparation,
          restriction_gender: a.gender,
          restriction_min_age: a.minAge,
          restriction_max_age: a.maxAge,
          result_unit: a.unit,
          ref_low: a.refLow,
          ref_high: a.refHigh,
          loinc: DEMO_SCIENCE[a.code]?.loinc ?? null,
          ucum_unit: DEMO_SCIENCE[a.code]?.ucum ?? null,
          critical_low: DEMO_SCIENCE[a.code]?.criticalLow ?? null,
          critical_high: DEMO_SCIENCE[a.code]?.criticalHigh ?? null,
        })),
      )
      .returning(['id', 'code', 'name'])
      .execute();
    for (const r of rows) analysisIds.set(r.code, r.id);
    // Indexed for search (with the translations) by writeDemoTranslations below.
  }
  await applyDemoTiming(db);
  const analysisId = (code: string): number => {
    const id = analysisIds.get(code);
    if (id === undefined) throw new Error(`Unknown demo analysis ${code}`);
    return id;
  };

  for (const chunk of chunks(
    DEMO_ANALYSES.flatMap((a) => [...new Set(a.headers)].map((h) => ({ analysis_id: analysisId(a.code), header_id: h })))
  )) {
    await db.insertInto('analysis_headers').values(chunk).execute();
  }
  for (const chunk of chunks(
    DEMO_ANALYSES.flatMap((a) =>
      referenceRangeRows(analysisId(a.code), DEMO_SCIENCE[a.code]?.ranges ?? []),
    )
  )) {
    await db.insertInto('analysis_reference_ranges').values(chunk).execute();
  }
  const optional = new Map(DEMO_MATERIALS.map((m) => [m.key, m.optional ? 1 : 0]));
  for (const chunk of chunks(
    DEMO_ANALYSES.flatMap((a) => a.materials.map((m) => ({ analysis_id: analysisId(a.code), material_id: materialId(m), optional: optional.get(m) ?? 0 })))
  )) {
    await db.insertInto('analysis_materials').values(chunk).execute();
  }
  for (const chunk of chunks(
    DEMO_PRICE_LISTS.flatMap((list) =>
      DEMO_ANALYSES.filter((a) => !list.missing.includes(a.code)).map((a) => ({
        price_list_id: listId(list.key),
        analysis_id: analysisId(a.code),
        price_minor: priceMinor(a.basePrice, list.factor),
        created: stamp,
        updated: stamp,
      })),
    )
  )) {
    await db.insertInto('analysis_prices').values(chunk).execute();
  }

  for (const p of DEMO_PROFILES) {
    const row = await db
      .insertInto('profiles')
      .values({ code: p.code, name: p.name, description: p.description, created: stamp, updated: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('profile_analyses')
      .values(p.analyses.map((code, position) => ({ profile_id: row.id, analysis_id: analysisId(code), position })))
      .execute();
  }

  // Russian and Polish names, and the search index in every language.
  await writeDemoTranslations(db);
  await writeDemoCatalogueExtras(db);
  await writeDemoShorthand(db);
  await markDemoSensitive(db);
  // The blood count's components (not sold alone, so after the search index) and the text reports.
  await applyDemoPanels(db);
  // A promo code to try the order summary with (README): 10 % off in every laboratory, once per user.
  await db
    .insertInto('promo_codes')
    .values({ code: DEMO_PROMO_CODE, laboratory_id: null, kind: 'percent', value: 10, min_order_minor: 0, valid_from: null, valid_to: null, max_uses: null, per_user_limit: 1, created_at: stamp })
    .execute();

  for (const lab of DEMO_LABORATORIES) {
    await generateSlotDays(db, lab, slotDaysAhead(now, lab.country));
  }
}

/**
 * Seeds the demo catalogue, laboratories and nurse slots into an empty database (no laboratories),
 * in one transaction. Safe to call on every start-up and from several instances at once.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  const hasLabs = async () => Boolean(await db.selectFrom('laboratories').select('id').limit(1).executeTakeFirst());
  if (await hasLabs()) return false;
  try {
    await db.transaction().execute((trx) => seedInto(trx, now));
    return true;
  } catch (e) {
    // Another instance seeded at the same time: its data stands.
    if (await hasLabs()) return false;
    throw e;
  }
}
