import { passwordStrength } from './passwordStrength';

describe('passwordStrength', () => {
  it.each([
    ['', 'weak'],
    ['Ab1!', 'weak'],
    ['abcdefgh', 'weak'],
    ['abcdefg1', 'fair'],
    ['Zażółć-gęślą', 'strong'],
    ['Secret-pass1', 'strong'],
    ['Sec-pass-1A', 'strong'],
    ['abcdefghijklmn', 'fair'],
    ['пароль-12345', 'strong'],
    ['password1234', 'fair'],
  ])('%j is %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
