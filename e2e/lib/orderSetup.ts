import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { JourneyContext } from './journey';
import type { Database as SqliteFile } from 'better-sqlite3';
import type { AddToCartResponse, CreateOrderResponse, LaboratoryDto, NurseSlotDto, PatientDto } from '@/shared/types/api';
import { timeZoneOfCountry } from '@/shared/timeZones';
import { daysAhead, localDay, localToUtc } from '../../src/server/laboratories/laboratoryTime';

/**
 * Set-up through the API shared by the journeys that need a placed order and a staff member of its
 * laboratory (results, results standards): a confirmed patient account, a patient, orders on free
 * nurse slots at the laboratory's own postal code, and a staff login.
 */
export const PASSWORD = 'Secret-pass-123';
const ROOT = path.resolve(__dirname, '..', '..');

/** A lab staff user made with `npm run staff:add` against the app's database (see e2e/README.md), signed in. */
export async function signInNewStaff(ctx: JourneyContext, email: string, laboratoryId: string, role: 'staff' | 'nurse' = 'staff', name?: string): Promise<string> {
  addStaffAccount(email, laboratoryId, role, name);
  // The command blocks this process for seconds; a kept-alive connection the server closed meanwhile
  // fails once ("fetch failed"), so the sign-in is tried a second time on a fresh connection.
  const login = await ctx.api('POST', '/api/backend/login', { username: email, password: PASSWORD }).catch(() => ctx.api('POST', '/api/backend/login', { username: email, password: PASSWORD }));
  assert.equal(login.status, 200, `staff login: ${JSON.stringify(login.body)}`);
  return (login.body as { access_token: string }).access_token;
}

/** A staff member or nurse made with `npm run staff:add -- <email> <laboratoryId> --role <role> [--name <name>] --password-stdin` (password PASSWORD). */
export function addStaffAccount(email: string, laboratoryId: string, role: 'staff' | 'nurse' = 'staff', name?: string): void {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  assert.ok(databaseUrl, 'the harness exports E2E_DATABASE_URL');
  // The password goes on standard input, never on the command line.
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/staff-add.ts', email, laboratoryId, '--role', role, ...(name ? ['--name', name] : []), '--password-stdin'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: 'false' },
    input: PASSWORD,
    stdio: 'pipe',
  });
}

/** Registers an account and confirms its e-mail through the link of the confirmation mail; returns its token. */
export async function registerConfirmed(ctx: JourneyContext, email: string, firstName: string, lastName: string): Promise<string> {
  const res = await ctx.api('POST', '/api/backend/register', { email, password: PASSWORD, firstName, lastName });
  assert.equal(res.status < 300, true, `register: ${JSON.stringify(res.body)}`);
  const token = (res.body as { accessToken: string }).accessToken;
  const sent = await ctx.api('POST', '/api/backend/users/send-activation-email', {}, token);
  assert.equal(sent.status < 300, true, `activation mail: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mail = await ctx.mail.waitFor({ to: email, timeoutMs: 30000 });
  const link = mail.links.map((l) => new URL(l)).find((u) => u.searchParams.get('token'));
  assert.ok(link, `the confirmation mail has a link with a token: ${mail.links.join(' ')}`);
  const activated = await ctx.api('POST', '/api/backend/users/activate', { token: link.searchParams.get('token') }, token);
  assert.equal(activated.status < 300, true, `activate: ${activated.status} ${JSON.stringify(activated.body)}`);
  return token;
}

/**
 * The account's own patient record, Ирина Wąsowska (female, born 1984-04-12), whose name the journeys
 * look for: the holder's own record reads its results (another adult's would need their consent).
 * With `member`, a family member's record instead (not the account holder's own).
 */
export async function createPatient(ctx: JourneyContext, token: string, member?: { firstName: string; lastName: string; gender: 'female' | 'male'; dateOfBirth: string; email: string | null }): Promise<PatientDto> {
  const created = await ctx.api(
    'POST',
    `/api/backend/patient/?userAsPatient=${member ? 'false' : 'true'}`,
    {
      personalDetails: { ...(member ?? { firstName: 'Ирина', lastName: 'Wąsowska', gender: 'female', dateOfBirth: '1984-04-12', email: null }), phone: null },
      address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' },
    },
    token,
  );
  assert.equal(created.status < 300, true, `patient: ${JSON.stringify(created.body)}`);
  return created.body as PatientDto;
}

/** The laboratory's nurse slots that still have room. */
export async function freeSlots(ctx: JourneyContext, laboratoryId: string): Promise<NurseSlotDto[]> {
  return ((await ctx.api('GET', `/api/backend/nurse-slots?laboratoryId=${laboratoryId}`)).body as NurseSlotDto[]).filter((s) => s.available > 0);
}

/** The postal code in a demo laboratory's address (`02-715`, `220005`, `LT-03116`): an address the laboratory visits. */
function labPostalCode(lab: LaboratoryDto): string {
  const code = /LT-\d{5}|\b\d{2}-\d{3}\b|\b\d{6}\b/.exec(lab.address)?.[0];
  assert.ok(code, `no postal code in ${lab.address}`);
  return code;
}

/** Puts the analyses for the patient into the cart (deciding optional materials) and submits an order. */
export async function placeOrder(ctx: JourneyContext, token: string, lab: LaboratoryDto, patientId: number, analysisIds: number[], slot: NurseSlotDto, paymentMethod?: 'online' | 'on_visit'): Promise<number> {
  const labId = lab.id;
  for (const analysisId of analysisIds) {
    let res = await ctx.api('POST', `/api/cart/add-to-cart?laboratoryId=${labId}`, { analysisId, patientIds: [patientId] }, token);
    assert.equal(res.status, 200, `add-to-cart: ${JSON.stringify(res.body)}`);
    const answer = res.body as AddToCartResponse;
    if (answer.status === 'optionalMaterialDecisionRequested') {
      res = await ctx.api(
        'POST',
        `/api/cart/add-to-cart?laboratoryId=${labId}`,
        { analysisId, patientIds: [patientId], updateToIsBoughtOptionalMaterialMap: answer.isBoughtOptionalMaterialMap ?? {} },
        token,
      );
      assert.equal((res.body as AddToCartResponse).status, 'added');
    } else {
      assert.equal(answer.status, 'added');
    }
  }
  // The analyses' timing rules (fasting, before 10:00) leave only some visits: the asked one if it suits
  // the cart, then suitable ones on the same day, then the other suitable ones; a full one is skipped.
  const suitable = (await ctx.api('GET', `/api/backend/nurse-slots?laboratoryId=${labId}&forCart=true`, undefined, token)).body as NurseSlotDto[];
  const asked = slot;
  const candidates = !Array.isArray(suitable) || !suitable.length || suitable.some((s) => s.id === asked.id)
    ? [asked]
    : [...suitable.filter((s) => s.start.slice(0, 10) === asked.start.slice(0, 10)), ...suitable.filter((s) => s.start.slice(0, 10) !== asked.start.slice(0, 10))];
  let created: Awaited<ReturnType<JourneyContext['api']>> | null = null;
  for (const candidate of candidates.slice(0, 20)) {
    // The visit goes to the laboratory's own postal code, which its home-visit zones cover.
    created = await ctx.api(
      'POST',
      '/api/order/create',
      {
        laboratoryId: labId,
        nurseCheckoutDate: candidate.start,
        orderSlotId: candidate.id,
        orderAddress: { country: lab.country ?? 'PL', city: lab.cityName, postalCode: labPostalCode(lab), street: 'Prosta 5', floor: '2', apartment: '7' },
        feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
        ...(paymentMethod ? { paymentMethod } : {}),
      },
      token,
    );
    if ((created.body as { code?: string } | null)?.code !== 'slot_full') break;
  }
  assert.ok(created);
  assert.equal(created.status < 300, true, `order/create: ${created.status} ${JSON.stringify(created.body)}`);
  return (created.body as CreateOrderResponse).orderId;
}

/**
 * How long a journey may wait for the laboratory's midnight before it books a visit for today: the
 * journeys that tap through a visit add it to their time limit.
 */
export const MIDNIGHT_WAIT_MS = 8 * 60_000;

/** The laboratory's local day (YYYY-MM-DD) of an instant, as the app reads the visit's day. */
export function labDayOf(at: string | Date, timeZone: string): string {
  return localDay(new Date(at), timeZone);
}

/**
 * The nurse's taps are taken only on the visit's day in the laboratory's time zone, and a journey
 * that books a visit for today and taps through it takes minutes. When the laboratory's clock is less
 * than `marginMs` before its midnight (Warsaw: from 22:52 UTC in winter, 21:52 in summer, whatever the machine's
 * own zone), this waits for the new local day, so the visit and every tap fall on one day.
 */
export async function awayFromLabMidnight(timeZone: string, marginMs = MIDNIGHT_WAIT_MS): Promise<void> {
  const left = untilLabMidnight(timeZone);
  if (left >= marginMs) return;
  console.log(`   waiting ${Math.ceil(left / 1000)} s for midnight in ${timeZone}: the visit and the nurse's taps fall on one day`);
  await new Promise((resolve) => setTimeout(resolve, left + 2000));
}

/** Milliseconds from `now` to the next midnight on the laboratory's clock. */
export function untilLabMidnight(timeZone: string, now = new Date()): number {
  return localToUtc(daysAhead(now, timeZone, 2)[1] as string, 0, timeZone).getTime() - now.getTime();
}

/** The time zone of a laboratory of the app's database (read from its country, as the app does). */
export async function labTimeZone(laboratoryId: string): Promise<string> {
  const country = await withAppDatabase((db) => (db.prepare('select country from laboratories where id = ?').get(laboratoryId) as { country: string } | undefined)?.country);
  return timeZoneOfCountry(country);
}

/**
 * A nurse slot of the laboratory that starts in a few minutes, on today's local day of the
 * laboratory, written into the app's database: the generated schedule has no window left late in the
 * day, and the nurse's taps are taken only on the day of the visit (near the laboratory's midnight
 * this waits for the new day first: see `awayFromLabMidnight`).
 */
export async function addSlotStartingSoon(laboratoryId: string, minutes = 5): Promise<NurseSlotDto> {
  const timeZone = await labTimeZone(laboratoryId);
  await awayFromLabMidnight(timeZone);
  return withAppDatabase((db) => {
    const start = new Date(Date.now() + minutes * 60_000);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + 3600_000);
    const row = db
      .prepare('insert into nurse_slots (laboratory_id, start_at, end_at, capacity, booked) values (?, ?, ?, 1, 0) returning id')
      .get(laboratoryId, start.toISOString(), end.toISOString()) as { id: number };
    return { id: row.id, start: start.toISOString(), end: end.toISOString(), capacity: 1, available: 1 };
  });
}

/** The morning comes for the app's held jobs of `kind` (e.g. pushes waiting out the quiet hours): they become due now. */
export async function makeJobsDueNow(kind: string): Promise<number> {
  return withAppDatabase((db) => db.prepare("update jobs set run_at = ? where kind = ? and status = 'pending'").run(new Date().toISOString(), kind).changes);
}

/** Runs `fn` on the app's SQLite file (the harness exports E2E_DATABASE_URL), for what no API can do. */
async function withAppDatabase<T>(fn: (db: SqliteFile) => T): Promise<T> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  assert.ok(databaseUrl && databaseUrl.startsWith('file:'), 'the harness exports E2E_DATABASE_URL (a SQLite file)');
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(databaseUrl.slice('file:'.length));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}
