import { acceptLanguage, mailTranslator, requestLanguage } from './i18n';

describe('requestLanguage', () => {
  test('the lang cookie first, then the first supported Accept-Language by quality, else English', () => {
    expect(requestLanguage({ headers: { cookie: 'a=1; lang=ru', 'accept-language': 'pl' } })).toBe('ru');
    expect(requestLanguage({ headers: { cookie: 'lang=de', 'accept-language': 'de-DE, pl;q=0.7, ru;q=0.8' } })).toBe('ru');
    expect(requestLanguage({ headers: { 'accept-language': 'PL-pl' } })).toBe('pl');
    expect(requestLanguage({ headers: { 'accept-language': 'de, fr;q=0.5' } })).toBe('en');
    expect(requestLanguage({ headers: { cookie: 'lang=%E0' } })).toBe('en');
    expect(requestLanguage({ headers: {} })).toBe('en');
  });

  test('ignores languages with quality 0', () => {
    expect(acceptLanguage('ru;q=0, pl;q=0.1')).toBe('pl');
    expect(acceptLanguage('*')).toBeNull();
  });
});

describe('mailTranslator', () => {
  test('translates the mail namespace and falls back to English', () => {
    expect(mailTranslator('ru')('activation.subject')).toBe('Подтвердите адрес электронной почты');
    expect(mailTranslator('pl')('order.subject', { number: 'LS-000001' })).toBe('Twoje zamówienie LS-000001');
    expect(mailTranslator(null)('notice.resultsReady')).toBe('New results are ready in your account');
    expect(mailTranslator('de')('greeting', { name: 'Anna' })).toBe('Hello Anna,');
    expect(mailTranslator('ru')('order.fasting', { count: 5 })).toBe('Не ешьте 5 часов до визита (воду пить можно).');
    expect(mailTranslator('pl')('order.fasting', { count: 2 })).toBe('Nie jedz przez 2 godziny przed wizytą (wodę można pić).');
  });
});
