/**
 * Server-only: the language of a page's server render. The `lang` cookie (the visitor's choice)
 * wins; a first visit without it follows the browser's `Accept-Language` (q-values honoured, the
 * first supported of en/ru/pl), else the shop's default language. The negotiated language is kept in
 * the `lang` cookie on the answer, so the browser's first render, its later navigations and the
 * files it downloads (PDFs) speak the language the server rendered. Imported only from server code
 * (`_app`'s getInitialProps server branch, `_document`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLanguage } from '@/server/mail/i18n';
import { cookieLanguage, defaultLanguage, LANGUAGE_COOKIE, type Language } from '@/shared/i18n';

type Request = Pick<IncomingMessage, 'headers'> | undefined;

/** The page's language for `req`: a request's language as mails and documents read it (the `lang` cookie, else `Accept-Language`, else the shop default). */
export function pageLanguage(req: Request): Language {
  return req ? requestLanguage(req) : defaultLanguage;
}

/** A year, as the language switch keeps the choice. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * `pageLanguage`, and on a first visit (no valid `lang` cookie) the cookie that keeps it, added to
 * the answer's other cookies.
 */
export function negotiatePageLanguage(req: Request, res: Pick<ServerResponse, 'getHeader' | 'setHeader' | 'headersSent'> | undefined): Language {
  const lang = pageLanguage(req);
  if (res && !res.headersSent && cookieLanguage(req?.headers.cookie) === null) {
    const existing = res.getHeader('Set-Cookie');
    const cookies = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    // Once per answer (the app's props may be computed twice for one page).
    if (!cookies.some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))) {
      res.setHeader('Set-Cookie', [...cookies, `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`]);
    }
  }
  return lang;
}
