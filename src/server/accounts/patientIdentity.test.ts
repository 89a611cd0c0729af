import { setUpApiSuite } from '@/server/testing/shopSuite';
import type { PatientDto } from '@/shared/types/api';

/** A patient's PESEL and Belarusian personal number over HTTP (SQLite and PostgreSQL). */
const suite = setUpApiSuite();

const B = '/api/backend';
let seq = 0;

async function newUser() {
  const email = `identity${++seq}.${Date.now()}@example.com`;
  const res = await suite.api.call('POST', `${B}/register`, { body: { email, password: 'a good password', firstName: 'Jan', lastName: 'Nowak' } });
  expect(res.status).toBe(201);
  return res.body.accessToken as string;
}

/** Ola, born 2015-06-01, female: PESEL 15260112343 (month 26 = June of the 2000s, tenth digit 4 = female). */
const OLA_PESEL = '15260112343';
const ola = (extra: Record<string, unknown> = {}) => ({
  personalDetails: { firstName: 'Ola', lastName: 'Nowak', gender: 'female', dateOfBirth: '2015-06-01', email: null, phone: null, ...extra },
});

test('a PESEL that fits the patient is stored, normalised and read back by the owner only', async () => {
  const token = await newUser();
  const created = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: ola({ pesel: '152601 12343' }) });
  expect(created.status).toBe(201);
  const child = created.body as PatientDto;
  expect(child.personalDetails.pesel).toBe(OLA_PESEL);
  expect((await suite.api.call('GET', `${B}/patient/${child.id}`, { token })).body.personalDetails.pesel).toBe(OLA_PESEL);
  expect(((await suite.api.call('GET', `${B}/patient`, { token })).body as PatientDto[])[0]?.personalDetails.pesel).toBe(OLA_PESEL);

  const other = await newUser();
  const foreign = await suite.api.call('GET', `${B}/patient/${child.id}`, { token: other });
  expect(foreign.status).toBe(404);
  expect(JSON.stringify(foreign.body)).not.toContain(OLA_PESEL);
  expect(JSON.stringify((await suite.api.call('GET', `${B}/patient`, { token: other })).body)).not.toContain(OLA_PESEL);

  // A PUT without the field keeps it; null clears it.
  const { pesel: _kept, ...details } = child.personalDetails;
  const kept = await suite.api.call('PUT', `${B}/patient/${child.id}`, { token, body: { personalDetails: { ...details, firstName: 'Aleksandra' } } });
  expect(kept.status).toBe(200);
  expect(kept.body.personalDetails).toMatchObject({ firstName: 'Aleksandra', pesel: OLA_PESEL });
  const cleared = await suite.api.call('PUT', `${B}/patient/${child.id}`, { token, body: { personalDetails: { ...details, pesel: null } } });
  expect(cleared.status).toBe(200);
  expect(cleared.body.personalDetails).not.toHaveProperty('pesel');
});

test.each([
  ['1526011234', 'A PESEL has 11 digits'],
  ['15260112344', 'This PESEL is not valid (its check digit does not match)'],
  // Valid, but a boy's (tenth digit 3).
  ['15260112336', 'The sex in this PESEL is not the patient’s sex'],
  // Valid, but born 1944-05-14.
  ['44051401359', 'The date of birth in this PESEL is not the patient’s date of birth'],
])('PESEL %s is a 400 naming personalDetails.pesel: %s', async (pesel, message) => {
  const token = await newUser();
  const res = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: ola({ pesel }) });
  expect(res.status).toBe(400);
  expect(res.body.fields).toEqual({ 'personalDetails.pesel': message });
  expect((await suite.api.call('GET', `${B}/patient`, { token })).body).toEqual([]);
});

test('a stored PESEL must still fit a changed date of birth or sex', async () => {
  const token = await newUser();
  const child = (await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: ola({ pesel: OLA_PESEL }) })).body as PatientDto;
  const { pesel: _kept, ...details } = child.personalDetails;
  const res = await suite.api.call('PUT', `${B}/patient/${child.id}`, { token, body: { personalDetails: { ...details, gender: 'male' } } });
  expect(res.status).toBe(400);
  expect(res.body.fields).toEqual({ 'personalDetails.pesel': 'The sex in this PESEL is not the patient’s sex' });
  expect((await suite.api.call('GET', `${B}/patient/${child.id}`, { token })).body.personalDetails.gender).toBe('female');
});

test('the Belarusian personal number: 7 digits, a letter, 3 digits, 2 letters and a digit', async () => {
  const token = await newUser();
  const ok = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: ola({ personalNumber: '3140583a001pb9' }) });
  expect(ok.status).toBe(201);
  expect(ok.body.personalDetails.personalNumber).toBe('3140583A001PB9');
  for (const bad of ['3140583A001PB', '31405830001PB9', 'AB40583A001PB9']) {
    const res = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: ola({ personalNumber: bad }) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'personalDetails.personalNumber': expect.stringContaining('A personal number has 14 characters') });
  }
});

test('the user as their own patient: the PESEL is checked against the account\'s birth date', async () => {
  const token = await newUser();
  const bad = await suite.api.call('POST', `${B}/patient?userAsPatient=true`, { token, body: { personalDetails: { gender: 'male', dateOfBirth: '1944-05-15', pesel: '44051401359' } } });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toHaveProperty(['personalDetails.pesel']);
  const ok = await suite.api.call('POST', `${B}/patient?userAsPatient=true`, { token, body: { personalDetails: { gender: 'male', dateOfBirth: '1944-05-14', pesel: '44051401359' } } });
  expect(ok.status).toBe(201);
  expect(ok.body.personalDetails.pesel).toBe('44051401359');
});
