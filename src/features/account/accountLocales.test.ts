import en from '../../../locales/en/account.json';
import ru from '../../../locales/ru/account.json';
import pl from '../../../locales/pl/account.json';
import { AUTH_MESSAGES } from '@/features/auth/authMessages';
import { NETWORK_ERROR_MESSAGE, NOT_AUTHORIZED_MESSAGE } from '@/lib/apiError';
import { ACCOUNT_MESSAGES } from './accountMessages';
import { FORM_MESSAGES } from '@/lib/validation/forms';
import { PATIENT_MESSAGES } from '@/features/patients/patientsSaga';
import { ALL_VALIDATION_MESSAGES } from '@/shared/validation/messages';

function entries(obj: object, prefix = ''): [string, unknown][] {
  return Object.entries(obj).flatMap(([k, v]): [string, unknown][] =>
    v && typeof v === 'object' ? entries(v as object, `${prefix}${k} > `) : [[`${prefix}${k}`, v]],
  );
}
const keys = (obj: object) => entries(obj).map(([k]) => k);

describe('account translations', () => {
  it('ru and pl have exactly the keys of en, none empty', () => {
    const enKeys = keys(en).sort();
    expect(keys(ru).sort()).toEqual(enKeys);
    expect(keys(pl).sort()).toEqual(enKeys);
    for (const file of [en, ru, pl]) {
      for (const [k, v] of entries(file)) expect([k, typeof v === 'string' && v.trim().length > 0]).toEqual([k, true]);
    }
  });

  it('every message the account flows can show is translated', () => {
    const messages = [
      ...Object.values(AUTH_MESSAGES),
      ...Object.values(ACCOUNT_MESSAGES),
      ...Object.values(FORM_MESSAGES),
      ...Object.values(PATIENT_MESSAGES),
      ...ALL_VALIDATION_MESSAGES,
      NETWORK_ERROR_MESSAGE,
      NOT_AUTHORIZED_MESSAGE,
    ];
    for (const file of [en, ru, pl] as Record<string, unknown>[]) {
      for (const m of messages) expect([m, typeof file[m]]).toEqual([m, 'string']);
    }
    expect((en as Record<string, unknown>)['Such user exists']).toBe('Such user exists');
  });
});
