import { createOrderSchema, orderAddressSchema } from './order';
import { isValidPostalCode, normalizePostalCode, postalCodeDigits } from './postalCode';

describe('postal codes per country', () => {
  it.each([
    ['PL', '00-950', true],
    ['PL', '02715', true],
    ['PL', '02 715', false],
    ['PL', '2-715', false],
    ['PL', '00-9501', false],
    ['BY', '220030', true],
    ['BY', '22003', false],
    ['BY', '220-030', false],
    ['LT', 'LT-01100', true],
    ['LT', '01100', true],
    ['LT', 'lt-01100', true],
    ['LT', 'LT-0110', false],
    ['LT', 'LV-01100', false],
    ['DE', '10115', true],
    ['CZ', '11000', true],
    ['CZ', '110 00', true],
  ])('%s %s valid: %s', (country, code, valid) => {
    expect(isValidPostalCode(country, code)).toBe(valid);
  });

  it('normalises to the written form of the country and matches zones by digits', () => {
    expect(normalizePostalCode('PL', ' 02715 ')).toBe('02-715');
    expect(normalizePostalCode('LT', '01100')).toBe('LT-01100');
    expect(normalizePostalCode('LT', 'lt 01100')).toBe('LT-01100');
    expect(normalizePostalCode('BY', '220030')).toBe('220030');
    expect(postalCodeDigits('LT-01100')).toBe('01100');
  });
});

describe('the shared order address schema', () => {
  const base = { city: 'Warsaw', street: 'Prosta 5' };

  it('checks the postal code against the format of the address country, with the format in the message', async () => {
    await expect(orderAddressSchema.validate({ ...base, country: 'PL', postalCode: '220030' })).rejects.toThrow('Enter a Polish postal code like 00-950');
    await expect(orderAddressSchema.validate({ ...base, country: 'BY', postalCode: '00-950' })).rejects.toThrow(
      'Enter a Belarusian postal code of six digits like 220030',
    );
    await expect(orderAddressSchema.validate({ ...base, country: 'LT', postalCode: '123' })).rejects.toThrow('Enter a Lithuanian postal code like LT-01100');
    await expect(orderAddressSchema.validate({ ...base, country: 'BY', postalCode: '220030' })).resolves.toMatchObject({ postalCode: '220030' });
  });

  it('requires the postal code in an order', async () => {
    const order = { laboratoryId: 'x', nurseCheckoutDate: '2030-01-01T08:00:00.000Z', orderSlotId: 1, orderAddress: base };
    const err = await createOrderSchema.validate(order, { abortEarly: false }).catch((e: { inner: { path: string; message: string }[] }) => e);
    expect((err as { inner: { path: string; message: string }[] }).inner).toContainEqual(
      expect.objectContaining({ path: 'orderAddress.postalCode', message: 'Postal code is required' }),
    );
  });
});
