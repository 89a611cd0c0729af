import en from '../../../locales/en/catalogue.json';
import ru from '../../../locales/ru/catalogue.json';
import pl from '../../../locales/pl/catalogue.json';
import { SUPPORT_MESSAGES } from '@/shared/validation/support';

function flatten(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (keys: string[]) => [...new Set(keys.map((k) => k.replace(PLURAL, '')))].sort();

describe('catalogue translations', () => {
  it('have the same keys in English, Russian and Polish', () => {
    expect(base(flatten(ru))).toEqual(base(flatten(en)));
    expect(base(flatten(pl))).toEqual(base(flatten(en)));
  });

  it('have every plural form of each language', () => {
    const plurals = (keys: string[]) => base(keys.filter((k) => PLURAL.test(k)));
    for (const key of plurals(flatten(en))) {
      for (const form of ['one', 'other']) expect(flatten(en)).toContain(`${key}_${form}`);
      for (const form of ['one', 'few', 'many', 'other']) {
        expect(flatten(ru)).toContain(`${key}_${form}`);
        expect(flatten(pl)).toContain(`${key}_${form}`);
      }
    }
  });

  it('translate every message of the support form schema', () => {
    for (const message of Object.values(SUPPORT_MESSAGES)) expect(flatten(en)).toContain(message);
  });
});
