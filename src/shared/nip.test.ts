import { isValidNip, normaliseNip } from './nip';

describe('NIP check', () => {
  test.each(['5260250274', '7740001454', '1234563218', '526-025-02-74', 'PL 5260250274', 'pl5260250274'])('%s is valid', (nip) => {
    expect(isValidNip(nip)).toBe(true);
  });

  test.each([
    ['wrong check digit', '5260250275'],
    ['nine digits', '526025027'],
    ['eleven digits', '52602502740'],
    ['letters', '52602502AB'],
    ['empty', ''],
    // 1,2,3,4,5,6,7,8,9 weighted gives 6+10+21+8+15+24+35+48+63 = 230, 230 mod 11 = 10: no digit fits.
    ['sum modulo 11 is 10', '1234567890'],
  ])('%s is invalid (%s)', (_why, nip) => {
    expect(isValidNip(nip)).toBe(false);
  });

  test('the normal form is the ten digits', () => {
    expect(normaliseNip(' PL 526-025-02-74 ')).toBe('5260250274');
    expect(normaliseNip('abc')).toBe('abc');
  });
});
