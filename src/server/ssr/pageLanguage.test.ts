import type { AppContext } from 'next/app';
import type { ServerResponse } from 'node:http';
import App from '../../../pages/_app';
import { LAB_COOKIE } from '@/shared/storage';
import { negotiatePageLanguage, pageLanguage } from './pageLanguage';

/** The first visit's language: the `lang` cookie, else Accept-Language by quality, else the shop default. */
const req = (headers: Record<string, string>) => ({ headers });

function fakeRes() {
  const headers: Record<string, unknown> = {};
  const res = {
    headersSent: false,
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = value;
      return this;
    },
    cookies: () => (headers['set-cookie'] as string[] | undefined) ?? [],
  };
  return res as typeof res & ServerResponse;
}

test.each([
  [{ 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7' }, 'ru'],
  [{ 'accept-language': 'pl' }, 'pl'],
  // q-values, not the order, decide; unsupported languages are skipped.
  [{ 'accept-language': 'en;q=0.3, de-DE, pl-PL;q=0.8, ru;q=0.5' }, 'pl'],
  [{ 'accept-language': 'ru;q=0, pl;q=0.1' }, 'pl'],
  [{ 'accept-language': 'de-DE,fr;q=0.9' }, 'en'],
  [{ 'accept-language': '*' }, 'en'],
  [{}, 'en'],
  // The visitor's choice wins; a cookie of an unknown language does not.
  [{ cookie: 'lang=en', 'accept-language': 'ru' }, 'en'],
  [{ cookie: 'lang=xx', 'accept-language': 'pl' }, 'pl'],
] as const)('%j → %s', (headers, expected) => {
  expect(pageLanguage(req(headers))).toBe(expected);
});

test('a first visit keeps the negotiated language in the lang cookie, once, beside the answer\'s other cookies; a chosen language is left alone', () => {
  const res = fakeRes();
  res.setHeader('Set-Cookie', ['other=1; Path=/']);
  expect(negotiatePageLanguage(req({ 'accept-language': 'pl-PL,pl;q=0.9' }), res)).toBe('pl');
  expect(negotiatePageLanguage(req({ 'accept-language': 'pl-PL,pl;q=0.9' }), res)).toBe('pl');
  expect(res.cookies()).toEqual(['other=1; Path=/', 'lang=pl; Path=/; Max-Age=31536000; SameSite=Lax']);

  const chosen = fakeRes();
  expect(negotiatePageLanguage(req({ cookie: 'lang=ru', 'accept-language': 'pl' }), chosen)).toBe('ru');
  expect(chosen.cookies()).toEqual([]);
});

describe("the app's server render", () => {
  async function appLanguage(pathname: string, headers: Record<string, string>) {
    const res = fakeRes();
    const context = { Component: () => null, router: {}, ctx: { pathname, asPath: pathname, query: {}, req: { headers }, res } } as unknown as AppContext;
    const props = (await App.getInitialProps!(context)) as { lang: string };
    return { lang: props.lang, cookies: res.cookies() };
  }

  test("the doctor's shared results page follows the browser's language on a first visit", async () => {
    expect(await appLanguage('/shared/results/[token]', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).toEqual({
      lang: 'ru',
      cookies: ['lang=ru; Path=/; Max-Age=31536000; SameSite=Lax'],
    });
    expect(await appLanguage('/shared/results/[token]', { 'accept-language': 'pl;q=0.9,en;q=0.2' })).toMatchObject({ lang: 'pl' });
    expect(await appLanguage('/shared/results/[token]', { cookie: 'lang=en', 'accept-language': 'pl' })).toEqual({ lang: 'en', cookies: [] });
  });

  test('so does any other page, falling back to the shop default', async () => {
    // A laboratory is chosen, so the first-visit laboratory list (and its database) stays out of it.
    const lab = `${LAB_COOKIE}=warsaw-mokotow`;
    expect(await appLanguage('/documents', { cookie: lab, 'accept-language': 'pl-PL' })).toMatchObject({ lang: 'pl' });
    expect(await appLanguage('/documents', { cookie: lab, 'accept-language': 'de' })).toMatchObject({ lang: 'en' });
  });
});
