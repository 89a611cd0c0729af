import { ValidationError } from 'yup';
import { registerSchema, userUpdateSchema } from './account';
import { dateOfBirthSchema, emailSchema, nameSchema, phoneSchema, todayIso } from './common';
import { ALL_VALIDATION_MESSAGES, VALIDATION_MESSAGES as M } from './messages';
import { patientSchema } from './patient';

/** The shared schemas behave the same in the browser as on the server. */
async function errorOf(schema: { validate: (v: unknown, o?: object) => Promise<unknown> }, value: unknown): Promise<string | null> {
  try {
    await schema.validate(value, { abortEarly: true, stripUnknown: true });
    return null;
  } catch (e) {
    if (e instanceof ValidationError) return e.errors[0] ?? e.message;
    throw e;
  }
}

test('names: letters of any alphabet with spaces, hyphens and apostrophes, at most 100', async () => {
  for (const ok of ['Anna', 'Zoë-Anne', "O'Brien", 'Łukasz Nowak', 'Ольга', 'José María']) expect(await errorOf(nameSchema, ok)).toBeNull();
  expect(await errorOf(nameSchema, 'R2D2')).toBe(M.nameInvalid);
  expect(await errorOf(nameSchema, '-Anna')).toBe(M.nameInvalid);
  expect(await errorOf(nameSchema, 'a'.repeat(101))).toBe(M.nameTooLong);
  expect(await errorOf(nameSchema, 42)).toBe(M.mustBeText);
  expect(await nameSchema.validate('  Anna  ')).toBe('Anna');
});

test('e-mail: valid, at most 254, lower-cased', async () => {
  expect(await emailSchema.validate(' Anna@Example.COM ')).toBe('anna@example.com');
  expect(await errorOf(emailSchema, 'anna@')).toBe(M.emailInvalid);
  expect(await errorOf(emailSchema, 'anna@example')).toBe(M.emailInvalid);
  expect(await errorOf(emailSchema, `${'a'.repeat(250)}@x.io`)).toBe(M.emailTooLong);
});

test('phone: + and 7 to 15 digits, spaces allowed', async () => {
  for (const ok of ['+48600100200', '+48 600 100 200', '+375 29 123 45 67', '+1234567']) expect(await errorOf(phoneSchema, ok)).toBeNull();
  for (const bad of ['600100200', '+123456', '+1234567890123456', '+48-600-100-200', '+48  600']) expect(await errorOf(phoneSchema, bad)).toBe(M.phoneInvalid);
});

test('date of birth: a real calendar date between 1900-01-01 and today', async () => {
  expect(await errorOf(dateOfBirthSchema, '2000-01-01')).toBeNull();
  expect(await errorOf(dateOfBirthSchema, todayIso())).toBeNull();
  expect(await errorOf(dateOfBirthSchema, '1900-01-01')).toBeNull();
  expect(await errorOf(dateOfBirthSchema, '1899-12-31')).toBe(M.dateTooEarly);
  expect(await errorOf(dateOfBirthSchema, '2999-01-01')).toBe(M.dateInFuture);
  expect(await errorOf(dateOfBirthSchema, '2001-02-29')).toBe(M.dateInvalid);
  expect(await errorOf(dateOfBirthSchema, '01.02.2000')).toBe(M.dateInvalid);
});

test('register and update forms', async () => {
  const ok = { email: 'a@b.co', password: '123456789012', firstName: 'A', lastName: 'B' };
  expect(await errorOf(registerSchema, ok)).toBeNull();
  expect(await errorOf(registerSchema, { ...ok, password: '12345678901' })).toBe(M.passwordTooShort);
  expect(await errorOf(registerSchema, { ...ok, firstName: '' })).toBe(M.required);
  expect(await errorOf(userUpdateSchema, { locale: 'de' })).toBe(M.localeInvalid);
  expect(await errorOf(userUpdateSchema, {})).toBeNull();
});

test('patient: gender male/female, address fields default to empty strings and have limits', async () => {
  const pd = { firstName: 'Ola', lastName: 'Nowak', gender: 'female', dateOfBirth: '2015-06-01', email: null, phone: null };
  const value = await patientSchema.validate({ personalDetails: pd, address: {} });
  expect(value.address?.street).toBe('');
  expect(await errorOf(patientSchema, { personalDetails: { ...pd, gender: 'F' } })).toBe(M.genderInvalid);
  expect(await errorOf(patientSchema, { personalDetails: pd, address: { addressNotes: 'x'.repeat(1001) } })).toBe(M.tooLong);
});

test('every message is listed once for translation', () => {
  expect(new Set(ALL_VALIDATION_MESSAGES).size).toBe(Object.keys(M).length);
});
