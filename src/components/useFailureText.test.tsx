import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/shared/i18n/resources';
import type { Failure } from '@/lib/store/resource';
import { useFailureText, type FailureTexts } from './useFailureText';

const failure = (status: number | null, code: string | null, fields: Record<string, string> = {}): Failure => ({ status, code, message: 'The server’s own sentence', fields });

function textOf(f: Failure | null, texts?: FailureTexts, lng: 'en' | 'ru' = 'en'): string {
  const i18n = createI18n(lng);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useFailureText(f, texts), { wrapper }).result.current;
}

describe('useFailureText', () => {
  it('is empty without a failure', () => {
    expect(textOf(null)).toBe('');
  });

  it('words the generic codes, and anything else generically, never with the server’s sentence', () => {
    expect(textOf(failure(429, 'rate_limited'))).toBe('Too many requests, try again later');
    expect(textOf(failure(500, 'internal'))).toBe('Internal server error');
    expect(textOf(failure(409, 'conflict'))).toBe('Something went wrong. Please try again.');
    expect(textOf(failure(null, null))).toBe('Something went wrong. Please try again.');
    expect(textOf(failure(429, 'rate_limited'), undefined, 'ru')).toBe('Слишком много запросов, попробуйте позже');
  });

  it('takes a site’s texts per code, a code-less answer by its status, and its fallback for the rest', () => {
    const texts: FailureTexts = { codes: { unauthorized: 'account:failure.wrongCredentials' }, statuses: { 404: 'account:failure.tokenNotFound' }, fallback: 'account:failure.unknown' };
    expect(textOf(failure(401, 'unauthorized'), texts)).toBe('Wrong e-mail or password');
    expect(textOf(failure(401, null), texts)).toBe('Wrong e-mail or password');
    expect(textOf(failure(404, null), texts)).toBe('Email confirmation token not found');
    expect(textOf(failure(404, 'not_found'), texts)).toBe('Unknown error');
    expect(textOf(failure(500, 'internal'), texts)).toBe('Unknown error');
  });

  it('shows the validation sentence of a 400’s field when the site asks for it, translated', () => {
    const texts: FailureTexts = { field: (fields) => fields.lastName };
    expect(textOf(failure(400, 'validation_failed', { lastName: 'Enter at most 100 characters' }), texts)).toBe('Enter at most 100 characters');
    expect(textOf(failure(400, 'validation_failed', { lastName: 'This field is required' }), texts, 'ru')).not.toBe('This field is required');
    expect(textOf(failure(409, 'conflict', { lastName: 'Enter at most 100 characters' }), texts)).toBe('Something went wrong. Please try again.');
  });

  it('reads the field’s sentence in the namespace the site names', () => {
    const texts: FailureTexts = { field: (fields) => fields.promoCode, fieldNs: 'cart' };
    expect(textOf(failure(400, 'promo_code_refused', { promoCode: 'This promo code has expired' }), texts)).toBe('This promo code has expired');
    expect(textOf(failure(400, 'promo_code_refused', { promoCode: 'This promo code has expired' }), texts, 'ru')).not.toBe('This promo code has expired');
  });
});
