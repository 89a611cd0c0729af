/**
 * Test data for the cart and order service tests: a small catalogue with two laboratories (PLN and
 * EUR price lists), shared and optional materials, restricted analyses, users with access tokens,
 * patients and nurse slots. Ids are whatever the database gives; the returned object names them.
 */
import type { Db } from '../db/createDb';
import { hashToken, newToken } from '../tokens';
import { createPatient } from './orderFixtures';

const NOW = '2026-01-01T00:00:00.000Z';

export interface ShopFixture {
  labs: { warsaw: string; berlin: string; minsk: string };
  priceLists: { pln: number; eur: number; byn: number };
  analyses: {
    /** 20.00 PLN / 5.00 EUR, needs the blood tube (required). */
    cbc: number;
    /** 30.00 PLN / 8.00 EUR, needs the blood tube (required) and the gel tube (optional). */
    glucose: number;
    /** 50.00 PLN, female only; needs the blood tube. */
    prenatal: number;
    /** 40.00 PLN, adults 18+; needs the urine container (optional). */
    psa: number;
    /** No price in any price list. */
    unpriced: number;
  };
  materials: { bloodTube: number; gelTube: number; urineContainer: number };
  profiles: { basic: number; women: number };
}

async function insertAnalysis(
  db: Db,
  code: string,
  name: string,
  extra: Partial<{ gender: 'male' | 'female'; minAge: number; maxAge: number; fasting: number; preparation: string }> = {},
): Promise<number> {
  const row = await db
    .insertInto('analyses')
    .values({
      code,
      name,
      search_text: `${code} ${name}`.toLowerCase(),
      description: `${name} description`,
      exec_period: 1,
      fasting_hours: extra.fasting ?? 0,
      preparation: extra.preparation ?? '',
      restriction_gender: extra.gender ?? null,
      restriction_min_age: extra.minAge ?? null,
      restriction_max_age: extra.maxAge ?? null,
      result_unit: null,
      ref_low: null,
      ref_high: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedShopFixture(db: Db): Promise<ShopFixture> {
  const pln = (await db.insertInto('price_lists').values({ name: 'PL', currency: 'PLN', created: NOW, updated: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  const eur = (await db.insertInto('price_lists').values({ name: 'DE', currency: 'EUR', created: NOW, updated: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  const byn = (await db.insertInto('price_lists').values({ name: 'BY', currency: 'BYN', created: NOW, updated: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  const lab = (id: string, city: string, country: string, priceListId: number, fee: number) => ({
    id,
    city_name: city,
    country,
    address: `${city} main street 1`,
    email: `${id}@lab.test`,
    about_link: '',
    phone: '+48 22 000 00 00',
    latitude: 52,
    longitude: 21,
    price_list_id: priceListId,
    visit_fee_minor: fee,
  });
  await db
    .insertInto('laboratories')
    .values([lab('fx-waw', 'Warsaw', 'PL', pln, 2500), lab('fx-ber', 'Berlin', 'DE', eur, 900), lab('fx-msk', 'Minsk', 'BY', byn, 1500)])
    .execute();
  // Home-visit zones: Warsaw visits 00-xxx for its standard fee and the 05 suburbs (05-5xx dearer
  // still); Minsk visits 220xxx; Berlin has no zones, so it visits all of Germany for its fee.
  await db
    .insertInto('laboratory_zones')
    .values([
      { laboratory_id: 'fx-waw', country: 'PL', prefix: '00', visit_fee_minor: 2500 },
      { laboratory_id: 'fx-waw', country: 'PL', prefix: '05', visit_fee_minor: 3500 },
      { laboratory_id: 'fx-waw', country: 'PL', prefix: '055', visit_fee_minor: 4500 },
      { laboratory_id: 'fx-msk', country: 'BY', prefix: '220', visit_fee_minor: 1500 },
    ])
    .execute();

  const bloodTube = (await db.insertInto('materials').values({ name: 'Blood tube' }).returning('id').executeTakeFirstOrThrow()).id;
  const gelTube = (await db.insertInto('materials').values({ name: 'Gel tube' }).returning('id').executeTakeFirstOrThrow()).id;
  const urineContainer = (await db.insertInto('materials').values({ name: 'Urine container' }).returning('id').executeTakeFirstOrThrow()).id;
  await db
    .insertInto('material_prices')
    .values([
      { price_list_id: pln, material_id: bloodTube, price_minor: 500 },
      { price_list_id: pln, material_id: gelTube, price_minor: 700 },
      { price_list_id: pln, material_id: urineContainer, price_minor: 300 },
      { price_list_id: eur, material_id: bloodTube, price_minor: 150 },
      { price_list_id: eur, material_id: gelTube, price_minor: 200 },
    ])
    .execute();

  const cbc = await insertAnalysis(db, 'FX-CBC', 'Complete blood count', { fasting: 4 });
  const glucose = await insertAnalysis(db, 'FX-GLU', 'Glucose', { fasting: 8, preparation: 'Do not drink sweet drinks the evening before.' });
  const prenatal = await insertAnalysis(db, 'FX-PRE', 'Prenatal screening', { gender: 'female' });
  const psa = await insertAnalysis(db, 'FX-PSA', 'Adult urine test', { minAge: 18 });
  const unpriced = await insertAnalysis(db, 'FX-NOP', 'Rare test');
  await db
    .insertInto('analysis_prices')
    .values([
      { price_list_id: pln, analysis_id: cbc, price_minor: 2000, created: NOW, updated: NOW },
      { price_list_id: pln, analysis_id: glucose, price_minor: 3000, created: NOW, updated: NOW },
      { price_list_id: pln, analysis_id: prenatal, price_minor: 5000, created: NOW, updated: NOW },
      { price_list_id: pln, analysis_id: psa, price_minor: 4000, created: NOW, updated: NOW },
      { price_list_id: eur, analysis_id: cbc, price_minor: 500, created: NOW, updated: NOW },
      { price_list_id: eur, analysis_id: glucose, price_minor: 800, created: NOW, updated: NOW },
      { price_list_id: byn, analysis_id: cbc, price_minor: 1800, created: NOW, updated: NOW },
    ])
    .execute();
  await db
    .insertInto('analysis_materials')
    .values([
      { analysis_id: cbc, material_id: bloodTube, optional: 0 },
      { analysis_id: glucose, material_id: bloodTube, optional: 0 },
      { analysis_id: glucose, material_id: gelTube, optional: 1 },
      { analysis_id: prenatal, material_id: bloodTube, optional: 0 },
      { analysis_id: psa, material_id: urineContainer, optional: 1 },
    ])
    .execute();

  const basic = (await db.insertInto('profiles').values({ code: 'FX-P1', name: 'Basic check-up', description: '', created: NOW, updated: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  const women = (await db.insertInto('profiles').values({ code: 'FX-P2', name: "Women's health", description: '', created: NOW, updated: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  await db
    .insertInto('profile_analyses')
    .values([
      { profile_id: basic, analysis_id: cbc, position: 1 },
      { profile_id: basic, analysis_id: glucose, position: 2 },
      { profile_id: women, analysis_id: cbc, position: 1 },
      { profile_id: women, analysis_id: prenatal, position: 2 },
    ])
    .execute();

  return {
    labs: { warsaw: 'fx-waw', berlin: 'fx-ber', minsk: 'fx-msk' },
    priceLists: { pln, eur, byn },
    analyses: { cbc, glucose, prenatal, psa, unpriced },
    materials: { bloodTube, gelTube, urineContainer },
    profiles: { basic, women },
  };
}

export interface FixtureUser {
  id: number;
  token: string;
  email: string;
}

let userSeq = 0;

/** A user with an access token; `emailConfirmed` defaults to true. */
export async function createFixtureUser(db: Db, opts: { emailConfirmed?: boolean; laboratoryId?: string | null } = {}): Promise<FixtureUser> {
  userSeq += 1;
  const email = `user${userSeq}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: 'x',
      first_name: 'Anna',
      last_name: `Tester${userSeq}`,
      phone: null,
      date_of_birth: null,
      email_confirmed: opts.emailConfirmed === false ? 0 : 1,
      role: 'patient',
      staff_laboratory_id: null,
      laboratory_id: opts.laboratoryId ?? null,
      locale: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: hashToken(token), user_id: row.id, kind: 'access', created_at: NOW, expires_at: '2999-01-01T00:00:00.000Z', revoked_at: null })
    .execute();
  return { id: row.id, token, email };
}

export function createFixturePatient(
  db: Db,
  userId: number,
  opts: { firstName?: string; gender?: 'male' | 'female'; dateOfBirth?: string; isUser?: boolean } = {},
): Promise<number> {
  return createPatient(db, userId, {
    isUser: opts.isUser,
    firstName: opts.firstName ?? 'Patient',
    lastName: 'Tester',
    gender: opts.gender ?? 'female',
    dateOfBirth: opts.dateOfBirth ?? '1990-05-05',
  });
}

/** A future nurse slot (`daysAhead` days from now, 08:00–09:00 UTC). */
export async function createFixtureSlot(db: Db, laboratoryId: string, capacity: number, daysAhead = 2): Promise<{ id: number; start: string }> {
  const start = new Date(Date.now() + daysAhead * 86400000);
  start.setUTCHours(8, 0, 0, 0);
  const end = new Date(start.getTime() + 3600000);
  const row = await db
    .insertInto('nurse_slots')
    .values({ laboratory_id: laboratoryId, start_at: start.toISOString(), end_at: end.toISOString(), capacity, booked: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, start: start.toISOString() };
}
