import i18next, { type TFunction } from 'i18next';
import type { IncomingHttpHeaders } from 'node:http';
import { cookieLanguage, defaultLanguage, isLanguage, languages, type Language } from '@/shared/i18n';
import en from '../../../locales/en/mail.json';
import ru from '../../../locales/ru/mail.json';
import pl from '../../../locales/pl/mail.json';

/**
 * Texts of the e-mails the shop sends, in the recipient's language (namespace `mail`). Mails sent
 * while answering a request use the request's language; later mails use the user's saved locale.
 */
const mailResources = { en: { mail: en }, ru: { mail: ru }, pl: { mail: pl } } as const;

const translators = new Map<Language, TFunction>();

/** A `t` bound to the `mail` namespace in `language` (English for anything unknown). */
export function mailTranslator(language: string | null | undefined): TFunction {
  const lng = mailLanguage(language);
  let t = translators.get(lng);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      lng,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: ['mail'],
      defaultNS: 'mail',
      resources: mailResources,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    t = instance.getFixedT(lng, 'mail');
    translators.set(lng, t);
  }
  return t;
}

/** A supported language, else English (for a stored `users.locale` that may be null). */
export function mailLanguage(language: string | null | undefined): Language {
  return isLanguage(language) ? language : defaultLanguage;
}


/** The first supported language of an Accept-Language header (by quality), or null. */
export function acceptLanguage(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.lang && r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.lang).find(isLanguage) ?? null;
}

/** The language of a request: the `lang` cookie, else the first supported Accept-Language, else English. */
export function requestLanguage(req: { headers: IncomingHttpHeaders }): Language {
  return cookieLanguage(req.headers.cookie) ?? acceptLanguage(req.headers['accept-language']) ?? defaultLanguage;
}

/** Escapes a value for the HTML part of a mail. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
