import crypto from 'node:crypto';
import type { OrderStatus } from '../db/schema';
import type { Db } from '../db/createDb';
import { hashToken, newToken } from '../tokens';
import type { ScienceRange } from '../db/demo/science';
import { insertReferenceRanges } from '../db/science';
import { freezeOrderPatients } from '@/server/orders/repositories/orders';

/**
 * Test helpers that write laboratories, analyses, users (with an access token), patients, nurse
 * slots and placed orders straight into the database, independent of the demo seed.
 */

const now = () => new Date().toISOString();
const uid = () => crypto.randomBytes(4).toString('hex');

export async function createLab(db: Db, opts: { id?: string; cityName?: string; currency?: 'EUR' | 'PLN' | 'BYN' } = {}): Promise<string> {
  const t = now();
  const list = await db
    .insertInto('price_lists')
    .values({ name: `list ${uid()}`, currency: opts.currency ?? 'PLN', created: t, updated: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = opts.id ?? `lab-${uid()}`;
  await db
    .insertInto('laboratories')
    .values({
      id,
      city_name: opts.cityName ?? 'Warszawa',
      country: 'PL',
      address: 'ul. Marszałkowska 1',
      email: `${id}@lab.test`,
      about_link: 'https://lab.test',
      phone: '+48 22 000 00 00',
      latitude: 52.23,
      longitude: 21.01,
      price_list_id: list.id,
      visit_fee_minor: 2000,
    })
    .execute();
  return id;
}

export async function createAnalysis(
  db: Db,
  opts: {
    code?: string;
    name?: string;
    unit?: string | null;
    refLow?: number | null;
    refHigh?: number | null;
    description?: string;
    loinc?: string | null;
    ucum?: string | null;
    criticalLow?: number | null;
    criticalHigh?: number | null;
    /** Reference intervals by sex and age band, in order of precedence. */
    ranges?: ScienceRange[];
    /** The result is a written report (free text accepted). */
    reportsText?: boolean;
  } = {},
): Promise<number> {
  const code = opts.code ?? `A${uid()}`;
  const name = opts.name ?? `Analysis ${code}`;
  const row = await db
    .insertInto('analyses')
    .values({
      code,
      name,
      search_text: `${code} ${name}`.toLowerCase(),
      description: opts.description ?? `About ${name}`,
      exec_period: 1,
      fasting_hours: 0,
      preparation: '',
      restriction_gender: null,
      restriction_min_age: null,
      restriction_max_age: null,
      result_unit: opts.unit === undefined ? 'mmol/L' : opts.unit,
      ref_low: opts.refLow === undefined ? 3.9 : opts.refLow,
      ref_high: opts.refHigh === undefined ? 5.6 : opts.refHigh,
      loinc: opts.loinc ?? null,
      ucum_unit: opts.ucum ?? null,
      critical_low: opts.criticalLow ?? null,
      critical_high: opts.criticalHigh ?? null,
      reports_text: opts.reportsText ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertReferenceRanges(db, row.id, opts.ranges ?? []);
  return row.id;
}

/** A panel (no value of its own) reported as `componentIds`, in that order. */
export async function createPanel(db: Db, componentIds: number[], opts: { code?: string; name?: string; loinc?: string | null } = {}): Promise<number> {
  const id = await createAnalysis(db, { code: opts.code, name: opts.name ?? 'Complete blood count', unit: null, refLow: null, refHigh: null, loinc: opts.loinc ?? null });
  await db.insertInto('analysis_panel_components').values(componentIds.map((component_id, position) => ({ panel_id: id, component_id, position }))).execute();
  return id;
}

export interface FixtureUser {
  id: number;
  email: string;
  token: string;
}

export async function createUser(
  db: Db,
  opts: { email?: string; role?: 'patient' | 'staff'; staffLaboratoryId?: string | null; staffRole?: 'staff' | 'nurse'; firstName?: string; lastName?: string } = {},
): Promise<FixtureUser> {
  const t = now();
  const email = opts.email ?? `user-${uid()}@example.test`;
  const user = await db
    .insertInto('users')
    .values({
      email,
      password_hash: 'x',
      first_name: opts.firstName ?? 'Anna',
      last_name: opts.lastName ?? 'Nowak',
      phone: '+48 600 100 200',
      date_of_birth: '1990-01-01',
      email_confirmed: 1,
      role: opts.role ?? 'patient',
      staff_laboratory_id: opts.staffLaboratoryId ?? null,
      staff_role: opts.role === 'staff' ? (opts.staffRole ?? 'staff') : null,
      laboratory_id: null,
      locale: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: hashToken(token), user_id: user.id, kind: 'access', created_at: t, expires_at: new Date(Date.now() + 86400000).toISOString(), revoked_at: null })
    .execute();
  return { id: user.id, email, token };
}

export async function createPatient(
  db: Db,
  userId: number,
  opts: { firstName?: string; lastName?: string; gender?: 'male' | 'female'; dateOfBirth?: string; email?: string | null; isUser?: boolean; createdAt?: string } = {},
): Promise<number> {
  const t = opts.createdAt ?? now();
  const row = await db
    .insertInto('patients')
    .values({
      user_id: userId,
      // The account holder's own record reads its results; another adult's needs their consent (household consent).
      is_user: opts.isUser ? 1 : 0,
      first_name: opts.firstName ?? 'Jan',
      last_name: opts.lastName ?? 'Kowalski',
      gender: opts.gender ?? 'male',
      date_of_birth: opts.dateOfBirth ?? '1985-05-05',
      email: opts.email ?? null,
      phone: null,
      country: '',
      region: '',
      locality: '',
      district: '',
      street: '',
      house_number: '',
      entrance_number: '',
      floor_number: '',
      apartment_number: '',
      address_notes: '',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A slot starting `hoursFromNow` hours from now (1 hour long). */
export async function createSlot(db: Db, laboratoryId: string, hoursFromNow: number, opts: { capacity?: number; booked?: number } = {}): Promise<{ id: number; start: string }> {
  const start = new Date(Date.now() + hoursFromNow * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 3600_000);
  const row = await db
    .insertInto('nurse_slots')
    .values({ laboratory_id: laboratoryId, start_at: start.toISOString(), end_at: end.toISOString(), capacity: opts.capacity ?? 2, booked: opts.booked ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, start: start.toISOString() };
}

export interface FixtureOrder {
  id: number;
  number: string;
}

/** A placed order with its lines and first 'placed' event; books a place in the slot. */
export async function createOrder(
  db: Db,
  opts: {
    userId: number;
    laboratoryId: string;
    slotId: number;
    lines: { patientId: number; analysisId: number; priceMinor?: number }[];
    status?: OrderStatus;
    useEmail?: boolean;
    createdAt?: string;
  },
): Promise<FixtureOrder> {
  const t = opts.createdAt ?? now();
  const slot = await db.selectFrom('nurse_slots').select(['start_at']).where('id', '=', opts.slotId).executeTakeFirstOrThrow();
  const subtotal = opts.lines.reduce((n, l) => n + (l.priceMinor ?? 1000), 0);
  const number = `LS-${uid().toUpperCase()}`;
  const order = await db
    .insertInto('orders')
    .values({
      number,
      user_id: opts.userId,
      laboratory_id: opts.laboratoryId,
      slot_id: opts.slotId,
      status: opts.status ?? 'placed',
      currency: 'PLN',
      subtotal_minor: subtotal,
      delivery_price_minor: 2000,
      total_minor: subtotal + 2000,
      payment_mode: 'cash',
      nurse_checkout_date: slot.start_at.slice(0, 10),
      address_country: 'PL',
      address_city: 'Warszawa',
      address_street: 'Prosta 5',
      address_entry: '',
      address_floor: '1',
      address_apartment: '1',
      address_intercom_code: '',
      address_notes: '',
      feedback_use_email: opts.useEmail === false ? 0 : 1,
      feedback_use_phone: 1,
      feedback_quick_phone: '+48 600 100 200',
      idempotency_key: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const l of opts.lines) {
    await db.insertInto('order_lines').values({ order_id: order.id, patient_id: l.patientId, analysis_id: l.analysisId, profile_id: null, price_minor: l.priceMinor ?? 1000 }).execute();
  }
  await freezeOrderPatients(db, order.id);
  await db.insertInto('order_status_events').values({ order_id: order.id, status: 'placed', at: t, actor_user_id: opts.userId, note: '' }).execute();
  await db
    .updateTable('nurse_slots')
    .set((eb) => ({ booked: eb('booked', '+', 1) }))
    .where('id', '=', opts.slotId)
    .execute();
  return { id: order.id, number };
}

/** A laboratory with two analyses, a patient user who is their own patient, and a staff member. */
export async function createScenario(db: Db) {
  const labId = await createLab(db);
  const glucose = await createAnalysis(db, { name: 'Glucose', refLow: 3.9, refHigh: 5.6, unit: 'mmol/L' });
  const tsh = await createAnalysis(db, { name: 'TSH', refLow: 0.4, refHigh: 4, unit: 'mIU/L' });
  const owner = await createUser(db, { firstName: 'Anna', lastName: 'Nowak' });
  const patientId = await createPatient(db, owner.id, { firstName: 'Łucja', lastName: 'Żółć', isUser: true });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  return { labId, glucose, tsh, owner, patientId, staff };
}

/** An adult family member's consent: their own account agreed that the holder reads the record's results. */
export async function consentFor(db: Db, holderId: number, patientId: number): Promise<number> {
  const member = await createUser(db, { firstName: 'Family', lastName: 'Member' });
  await db.insertInto('record_access').values({ patient_id: patientId, holder_user_id: holderId, member_user_id: member.id, state: 'consented', decided_at: now(), ended_at: null }).execute();
  return member.id;
}
