import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/createDb';
import { createLab, createAnalysis, createOrder, createPatient, createSlot, createUser } from './orderFixtures';
import type { TestApiServer } from './apiServer';
import type { Identities } from './fuzzRequests';

/** What the fuzzer (fuzz.ts) compares before and after a refused request, and whom it acts as. */

/**
 * Tables (or `table.column`) that a refused request may write by design: counters of rate limits,
 * audit records of refused attempts, "last used" stamps of sessions. Everything else must stay as it was.
 */
export const BOOKKEEPING = [/attempt/, /audit/, /^security_events/, /rate_limit/, /^auth_tokens\.last_used/, /^sessions?\.last_used/, /\.last_seen/];

// ---------------------------------------------------------------------------------------------
// The database's state

export async function totalChanges(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const ignored = (name: string) => BOOKKEEPING.some((r) => r.test(name));

/** Per table (and per ignored column), a digest of its rows, bookkeeping left out. */
export async function fingerprint(db: Db): Promise<Map<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name`.execute(db);
  const out = new Map<string, string>();
  for (const { name } of tables) {
    if (ignored(name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const hash = crypto.createHash('sha1');
    hash.update(String(rows.length));
    for (const row of rows) {
      for (const [col, value] of Object.entries(row)) if (!ignored(`${name}.${col}`)) hash.update(`${col}=${String(value)};`);
      hash.update('\n');
    }
    out.set(name, `${rows.length}:${hash.digest('hex')}`);
  }
  return out;
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n));
}

// ---------------------------------------------------------------------------------------------
// Identities: fresh users, patients and an order, made again now and then (a fuzzed request may
// sign a token out or change a password).

export async function makeIdentities(db: Db, api: TestApiServer): Promise<Identities> {
  const labs = await db.selectFrom('laboratories').select('id').limit(3).execute();
  const labId = labs[0]?.id ?? (await createLab(db));
  const analysisRows = await db.selectFrom('analyses').select('id').orderBy('id').limit(4).execute();
  const analysisId = analysisRows[0]?.id ?? (await createAnalysis(db, { name: 'Glucose', refLow: 3.9, refHigh: 5.6, unit: 'mmol/L' }));
  const owner = await createUser(db);
  const other = await createUser(db);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const patientId = await createPatient(db, owner.id);
  const slot = await createSlot(db, labId, 72, { capacity: 4 });
  const order = await createOrder(db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId }] });
  // A cart line through the API, so the cart routes have something to work on.
  await api.call('POST', `/api/cart/add-to-cart?laboratoryId=${encodeURIComponent(labId)}`, { token: owner.token, body: { analysisId, patientIds: [patientId] } });
  const profile = await db.selectFrom('profiles').select('id').limit(1).executeTakeFirst();
  const ids = {
    id: [String(owner.id)],
    patientId: [String(patientId)],
    orderId: [String(order.id)],
    testResultId: [String(order.id)],
    analysisId: analysisRows.map((r) => String(r.id)),
    analysisResultId: ['1'],
    profileId: profile ? [String(profile.id)] : ['1'],
    laboratoryId: labs.map((l) => l.id),
    shareId: ['1'],
    token: ['a'.repeat(43)],
    date: [slot.start.slice(0, 10)],
    from: [new Date().toISOString().slice(0, 10)],
    to: [new Date(Date.now() + 7 * 86400000).toISOString().slice(0, 10)],
    country: ['PL', 'BY', 'LT'],
    postalCode: ['02-715', '00-001', '99-999'],
    searchNameTerm: ['tsh', 'glu'],
    userAsPatient: ['true', 'false'],
  };
  ids.laboratoryId.push('fx-none');
  return { patientToken: owner.token, otherToken: other.token, staffToken: staff.token, emails: [owner.email, staff.email], ids: { ...ids, id: [...ids.id, String(staff.id)] } };
}
