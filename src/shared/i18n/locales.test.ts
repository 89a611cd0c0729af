import { languageFromCookie, languages, namespaces } from './index';
import { resources, createI18n } from './resources';
import enMail from '../../../locales/en/mail.json';
import ruMail from '../../../locales/ru/mail.json';
import plMail from '../../../locales/pl/mail.json';

type Tree = { [key: string]: string | Tree };

/** Keys with plural suffixes folded (Russian and Polish have more plural forms than English). */
function keys(tree: Tree, prefix = ''): string[] {
  const all = Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
  return [...new Set(all.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))];
}

describe('locale files', () => {
  it.each(namespaces)('namespace %s has the same keys in every language', (ns) => {
    const en = keys(resources.en[ns] as Tree).sort();
    for (const lng of languages) expect({ lng, keys: keys(resources[lng][ns] as Tree).sort() }).toEqual({ lng, keys: en });
  });

  it('the server-only mail namespace has the same keys in every language', () => {
    const mail: Record<string, Tree> = { en: enMail, ru: ruMail, pl: plMail };
    const en = keys(mail.en as Tree).sort();
    expect(en.length).toBeGreaterThan(10);
    for (const lng of languages) expect({ lng, keys: keys(mail[lng] as Tree).sort() }).toEqual({ lng, keys: en });
  });

  it('keeps the spec texts of the laboratory selector and the cookie button', () => {
    const t = createI18n('en').t;
    expect(t('Laboratory is required')).toBe('Laboratory is required');
    expect(t('Geolocation failed')).toBe('Geolocation failed');
    expect(createI18n('ru').t('cookie.accept')).toBe('Принять');
    expect(createI18n('en').t('cookie.accept')).toBe('Accept');
    expect(createI18n('pl').t('cookie.accept')).toBe('Akceptuję');
    expect(createI18n('ru').t('menu.selectLab')).toBe('Выбрать лабораторию');
    expect(createI18n('pl').t('menu.selectLab')).toBe('Wybierz laboratorium');
  });
});

describe('languageFromCookie', () => {
  it('reads the lang cookie and falls back to English', () => {
    expect(languageFromCookie('a=1; lang=ru; b=2')).toBe('ru');
    expect(languageFromCookie('lang=pl')).toBe('pl');
    expect(languageFromCookie('lang=de')).toBe('en');
    expect(languageFromCookie('xlang=ru')).toBe('en');
    expect(languageFromCookie(undefined)).toBe('en');
  });
});
