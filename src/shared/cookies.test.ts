import { cookieValue } from './cookies';

describe('cookieValue', () => {
  it('finds a cookie by its exact name anywhere in the header', () => {
    expect(cookieValue('lang=ru; acceptCookie=true', 'acceptCookie')).toBe('true');
    expect(cookieValue('acceptCookie=true;lang=pl', 'lang')).toBe('pl');
    expect(cookieValue('xlang=ru; lang=en', 'lang')).toBe('en');
  });
  it('answers null when the cookie is absent and an empty string when it has no value', () => {
    expect(cookieValue('xacceptCookie=true', 'acceptCookie')).toBeNull();
    expect(cookieValue(undefined, 'lang')).toBeNull();
    expect(cookieValue('labShop.refresh=; lang=ru', 'labShop.refresh')).toBe('');
  });
  it('keeps the value as sent, with any = inside it', () => {
    expect(cookieValue('t=a%20b==', 't')).toBe('a%20b==');
  });
});
