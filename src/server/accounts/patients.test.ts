import { setUpApiSuite } from '@/server/testing/shopSuite';
import type { PatientDto } from '@/shared/types/api';

/** Patients over HTTP (SQLite and PostgreSQL): the caller's own only, validated, 404 for others'. */
const suite = setUpApiSuite();

const B = '/api/backend';
let seq = 0;

async function newUser(extra: Record<string, unknown> = {}) {
  const email = `patient-owner${++seq}.${Date.now()}@example.com`;
  const res = await suite.api.call('POST', `${B}/register`, { body: { email, password: 'a good password', firstName: 'Jan', lastName: 'Nowak', ...extra } });
  expect(res.status).toBe(201);
  return { email, token: res.body.accessToken as string };
}

/** What the client sends on create (spec §3): e-mail and phone null, address fields empty. */
const childBody = {
  personalDetails: { firstName: 'Ola', lastName: 'Nowak', gender: 'female', dateOfBirth: '2015-06-01', email: null, phone: null },
  address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' },
};

test('a visitor gets an empty list; creating needs a token', async () => {
  const res = await suite.api.call('GET', `${B}/patient`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual([]);
  expect((await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { body: childBody })).status).toBe(401);
  expect((await suite.api.call('GET', `${B}/patient`, { token: 'revoked-or-made-up' })).status).toBe(401);
});

test('create, read, list and update the caller\'s patients', async () => {
  const { token } = await newUser();
  const created = await suite.api.call('POST', `${B}/patient/?userAsPatient=false`, { token, body: childBody });
  expect(created.status).toBe(201);
  const child = created.body as PatientDto;
  expect(child).toEqual({ id: expect.any(Number), ...childBody, access: 'guardian' });

  expect((await suite.api.call('GET', `${B}/patient/${child.id}`, { token })).body).toEqual(child);
  const updated = await suite.api.call('PUT', `${B}/patient/${child.id}`, {
    token,
    body: { ...child, personalDetails: { ...child.personalDetails, firstName: 'Aleksandra', gender: 'female' }, address: { ...child.address, locality: 'Warszawa', addressNotes: 'Ring twice' } },
  });
  expect(updated.status).toBe(200);
  expect(updated.body.personalDetails.firstName).toBe('Aleksandra');
  expect(updated.body.address).toMatchObject({ locality: 'Warszawa', addressNotes: 'Ring twice' });
  const list = await suite.api.call('GET', `${B}/patient`, { token });
  expect(list.body).toEqual([updated.body]);
});

test('userAsPatient=true makes the user their own patient once, names and birth date from the account', async () => {
  const { email, token } = await newUser({ dateOfBirth: '1980-03-04', phone: '+48 501 002 003' });
  const self = await suite.api.call('POST', `${B}/patient?userAsPatient=true`, { token, body: { personalDetails: { gender: 'male' } } });
  expect(self.status).toBe(201);
  expect(self.body.personalDetails).toEqual({ firstName: 'Jan', lastName: 'Nowak', gender: 'male', dateOfBirth: '1980-03-04', email, phone: '+48 501 002 003' });
  expect(self.body.address.country).toBe('');
  const twice = await suite.api.call('POST', `${B}/patient?userAsPatient=true`, { token, body: { personalDetails: { gender: 'male' } } });
  expect(twice.status).toBe(409);
  await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: childBody });
  const list = (await suite.api.call('GET', `${B}/patient`, { token })).body as PatientDto[];
  expect(list.map((p) => [p.personalDetails.firstName, p.access])).toEqual([
    ['Jan', 'self'],
    ['Ola', 'guardian'],
  ]);
});

test('userAsPatient=true without a birth date on the account needs one in the body', async () => {
  const { token } = await newUser();
  const res = await suite.api.call('POST', `${B}/patient?userAsPatient=true`, { token, body: { personalDetails: { gender: 'female' } } });
  expect(res.status).toBe(400);
  expect(res.body.fields).toHaveProperty(['personalDetails.dateOfBirth']);
});

test('another user\'s patient is 404 on GET and PUT and stays unchanged', async () => {
  const owner = await newUser();
  const other = await newUser();
  const child = (await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token: owner.token, body: childBody })).body as PatientDto;
  const get = await suite.api.call('GET', `${B}/patient/${child.id}`, { token: other.token });
  expect(get.status).toBe(404);
  expect(get.body).toEqual({ error: 'Patient not found', code: 'not_found' });
  const put = await suite.api.call('PUT', `${B}/patient/${child.id}`, { token: other.token, body: { ...child, personalDetails: { ...child.personalDetails, firstName: 'Stolen' } } });
  expect(put.status).toBe(404);
  expect((await suite.api.call('GET', `${B}/patient`, { token: other.token })).body).toEqual([]);
  expect((await suite.api.call('GET', `${B}/patient/${child.id}`, { token: owner.token })).body).toEqual(child);
  expect((await suite.api.call('GET', `${B}/patient/999999`, { token: owner.token })).status).toBe(404);
  expect((await suite.api.call('GET', `${B}/patient/abc`, { token: owner.token })).status).toBe(400);
  expect((await suite.api.call('GET', `${B}/patient/${child.id}`)).status).toBe(401);
});

test('bad input is 400 with fields and changes nothing', async () => {
  const { token } = await newUser();
  const child = (await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: childBody })).body as PatientDto;
  const pd = childBody.personalDetails;
  const cases: [unknown, string][] = [
    [{ ...childBody, personalDetails: { ...pd, gender: 'M' } }, 'personalDetails.gender'],
    [{ ...childBody, personalDetails: { ...pd, firstName: 123 } }, 'personalDetails.firstName'],
    [{ ...childBody, personalDetails: { ...pd, firstName: '' } }, 'personalDetails.firstName'],
    [{ ...childBody, personalDetails: { ...pd, dateOfBirth: '2100-01-01' } }, 'personalDetails.dateOfBirth'],
    [{ ...childBody, personalDetails: { ...pd, email: 'nope' } }, 'personalDetails.email'],
    [{ ...childBody, address: { ...childBody.address, street: 's'.repeat(201) } }, 'address.street'],
    [{ ...childBody, address: { ...childBody.address, addressNotes: 'n'.repeat(1001) } }, 'address.addressNotes'],
    [{ ...childBody, address: 'Main street' }, 'address'],
    [{ address: childBody.address }, 'personalDetails'],
  ];
  for (const [body, field] of cases) {
    const post = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body });
    expect(post.status).toBe(400);
    expect(Object.keys(post.body.fields).some((k) => k.startsWith(field))).toBe(true);
    const put = await suite.api.call('PUT', `${B}/patient/${child.id}`, { token, body });
    expect(put.status).toBe(400);
    expect(Object.keys(put.body.fields).some((k) => k.startsWith(field))).toBe(true);
  }
  expect((await suite.api.call('POST', `${B}/patient?userAsPatient=maybe`, { token, body: childBody })).status).toBe(400);
  expect((await suite.api.call('POST', `${B}/patient`, { token, rawBody: '{"personalDetails":' })).status).toBe(400);
  expect((await suite.api.call('GET', `${B}/patient`, { token })).body).toEqual([child]);
});
