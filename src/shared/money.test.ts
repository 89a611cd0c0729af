import { formatMoney, toMajor, toMinor } from './money';
import { idFrom } from './ids';

test('amounts are added in minor units', () => {
  expect(0.1 + 0.2).not.toBe(0.3);
  expect(toMajor(toMinor(0.1) + toMinor(0.2))).toBe(0.3);
  expect(toMajor(toMinor(12.35) + toMinor(7.1) + toMinor(0.05))).toBe(19.5);
});

test('money is formatted with the language\'s Intl locale', () => {
  expect(formatMoney(12.5, 'PLN', 'pl')).toBe(new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', minimumFractionDigits: 2 }).format(12.5));
  expect(formatMoney(12.5, 'EUR', 'en')).toBe('€12.50');
});

test('route ids are positive integers without sign or leading zero', () => {
  expect(idFrom('12')).toBe(12);
  for (const bad of ['0', '007', '-1', '1.5', '', 'x', '12345678901', undefined, ['1']]) expect(idFrom(bad)).toBeNull();
});
