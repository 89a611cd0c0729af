import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { setUpApiSuite } from '../src/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '../src/server/testing/orderFixtures';
import { soonToday } from '../src/server/testing/soonToday';
import { resultEntrySchema } from '@/shared/validation/results';
import { visitStateSchema } from '@/shared/validation/visit';
import type { OrderDetailDto } from '@/shared/types/results';

/**
 * The live visit and preliminary results as docs/openapi.yaml describes them: real answers of
 * `POST staff/visits/{id}/state` (200, 400, 403, 404, 409), the staff's results entry with
 * `preliminary`, and the patient's `GET orders/{id}` (visit, expectedBy, preliminary) are checked
 * against the documented schemas, and the request bodies the server accepts are the documented ones.
 */
type Schema = Record<string, unknown>;
const spec = yaml.load(fs.readFileSync(path.join(__dirname, 'openapi.yaml'), 'utf8')) as Schema;

function deref(node: Schema): Schema {
  let n = node;
  while (typeof n.$ref === 'string') n = (n.$ref as string).replace(/^#\//, '').split('/').reduce<Schema>((o, k) => o[k] as Schema, spec);
  return n;
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
const FORMATS: Record<string, RegExp> = { 'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, date: /^\d{4}-\d{2}-\d{2}$/ };

/** Where `value` departs from the schema (the subset of JSON Schema the description uses). */
function problems(schema: Schema, value: unknown, at = '$'): string[] {
  const s = deref(schema);
  const out: string[] = [];
  for (const part of (s.allOf as Schema[] | undefined) ?? []) out.push(...problems(part, value, at));
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives && !alternatives.some((a) => problems(a, value, at).length === 0)) out.push(`${at}: matches none of oneOf`);
  if (s.enum && !(s.enum as unknown[]).includes(value)) out.push(`${at}: ${JSON.stringify(value)} not in ${JSON.stringify(s.enum)}`);
  if (s.type) {
    const types = ([] as string[]).concat(s.type as string);
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return [...out, `${at}: ${t}, documented ${types.join('|')}`];
  }
  if (typeof value === 'string' && typeof s.format === 'string' && FORMATS[s.format] && !FORMATS[s.format]?.test(value)) out.push(`${at}: not a ${s.format}`);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const k of (s.required as string[] | undefined) ?? []) if (!(k in o)) out.push(`${at}.${k}: missing`);
    for (const [k, sub] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) if (k in o) out.push(...problems(sub, o[k], `${at}.${k}`));
  }
  if (Array.isArray(value) && s.items) value.forEach((v, i) => out.push(...problems(s.items as Schema, v, `${at}[${i}]`)));
  return out;
}

const operation = (p: string, method: string) => (spec.paths as Record<string, Record<string, Schema>>)[p]?.[method] as Schema;
const jsonSchema = (node: Schema) => ((deref(node).content as Record<string, { schema: Schema }>)['application/json'] as { schema: Schema }).schema;
const requestSchema = (op: Schema) => jsonSchema(op.requestBody as Schema);
/** The documented answer for that status must exist, and the body must match it. */
function answerProblems(op: Schema, status: number, body: unknown): string[] {
  const documented = (op.responses as Record<string, Schema>)[String(status)];
  return documented ? problems(jsonSchema(documented), body) : [`status ${status} is not documented`];
}

const suite = setUpApiSuite();
jest.mock('../src/server/mail/mailer', () => ({ ...jest.requireActual<object>('../src/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const STATE_PATH = '/backend/staff/visits/{orderId}/state';

test('the visit-state and result-entry bodies the server reads are the documented ones', () => {
  const stateBody = deref(requestSchema(operation(STATE_PATH, 'post')));
  expect(Object.keys(stateBody.properties as object).sort()).toEqual(Object.keys(visitStateSchema.fields).sort());
  const entry = deref({ $ref: '#/components/schemas/ResultEntry' });
  expect(Object.keys(entry.properties as object).sort()).toEqual(Object.keys(resultEntrySchema.fields).sort());
  expect((entry.properties as Record<string, Schema>).preliminary).toMatchObject({ type: 'boolean' });
});

test('the nurse\'s steps, the refusals, a preliminary result and the patient\'s order answer as documented', async () => {
  const db = suite.db.db;
  const lab = await createLab(db);
  const analysisId = await createAnalysis(db, { name: 'Ferritin', unit: 'ng/mL', refLow: 15, refHigh: 150 });
  const owner = await createUser(db, { firstName: 'Ewa' });
  const patientId = await createPatient(db, owner.id);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina', lastName: 'Kowalska' });
  const otherNurse = await createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 2 * 3600_000).toISOString(), capacity: 4, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' });
  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);

  const stateOp = operation(STATE_PATH, 'post');
  const seen: Record<number, string[]> = {};
  const move = async (token: string, body: object, status: number) => {
    expect(problems(requestSchema(stateOp), body)).toEqual([]);
    const res = await suite.api.call('POST', `/api/backend/staff/visits/${order.id}/state`, { token, body });
    expect({ status: res.status, problems: answerProblems(stateOp, res.status, res.body) }).toEqual({ status, problems: [] });
    (seen[status] ??= []).push(JSON.stringify(body));
    return res.body as Record<string, unknown>;
  };
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  expect(await move(nurse.token, { state: 'on_the_way', arrivalStart: at(30), arrivalEnd: at(10) }, 400)).toMatchObject({ fields: { arrivalEnd: expect.any(String) } });
  await move(nurse.token, { state: 'on_the_way', arrivalStart: at(10), arrivalEnd: at(10 + 181) }, 400);
  await move(nurse.token, { state: 'booked' }, 403);
  await move(otherNurse.token, { state: 'arrived' }, 404);
  expect(await move(nurse.token, { state: 'on_the_way', arrivalStart: at(20), arrivalEnd: at(50) }, 200)).toMatchObject({ visitState: 'on_the_way' });
  await move(nurse.token, { state: 'arrived' }, 200);
  await move(nurse.token, { state: 'arrived' }, 409);
  await move(nurse.token, { state: 'collected' }, 200);
  expect(Object.keys(seen).sort()).toEqual(['200', '400', '403', '404', '409']);

  const resultsOp = operation('/backend/staff/orders/{orderId}/results', 'put');
  const entry = { entries: [{ patientId, analysisId, value: 42, unit: 'ng/mL', preliminary: true }] };
  expect(problems(requestSchema(resultsOp), entry)).toEqual([]);
  const entered = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, { token: staff.token, body: entry });
  expect({ status: entered.status, problems: answerProblems(resultsOp, entered.status, entered.body) }).toEqual({ status: 200, problems: [] });

  const orderOp = operation('/backend/orders/{orderId}', 'get');
  const res = await suite.api.call('GET', `/api/backend/orders/${order.id}`, { token: owner.token });
  expect({ status: res.status, problems: answerProblems(orderOp, res.status, res.body) }).toEqual({ status: 200, problems: [] });
  const detail = res.body as OrderDetailDto;
  expect(detail.status).toBe('partial_results');
  expect(detail.visit).toMatchObject({ state: 'collected', nurseFirstName: 'Nina' });
  expect(detail.visit.events.map((e) => e.state)).toEqual(['booked', 'nurse_assigned', 'on_the_way', 'arrived', 'collected']);
  expect(detail.patients[0]?.lines[0]).toMatchObject({ hasResult: true, preliminary: true });
});

test('the checker refuses what the description does not allow', () => {
  const line = { analysisId: 1, code: 'X', name: 'X', price: 1, hasResult: true, expectedBy: '2026-12-03' };
  const lineSchema = { $ref: '#/components/schemas/OrderDetail' };
  expect(problems(lineSchema, { patients: [{ lines: [line] }], events: [], visit: {}, expectedBy: null }).join('\n')).toMatch(/lines\[0\]\.preliminary: missing/);
  expect(problems({ $ref: '#/components/schemas/VisitTracking' }, { state: 'on_the_way', window: { start: 'soon' }, nurseFirstName: null, events: [] })).toEqual(['$.window: matches none of oneOf']);
});
