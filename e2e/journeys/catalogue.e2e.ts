import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { localName } from '@/shared/catalogueText';
import type { AnalysisDto, LaboratoryDto, ProfileDto } from '@/shared/types/api';
import { formatMoney } from '@/shared/money';
import { DEMO_PRICE_LISTS } from '../../src/server/db/demo/laboratories';

/** A term of the demo catalogue. */
const TERM = 'glucose';

const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en').replace(/\s/g, ' ');
const normal = (text: string) => text.replace(/\s/g, ' ');

export default journey('visitor browses the catalogue: search, analysis card, category, profile, documents, support', async (ctx) => {
  const { page } = ctx;
  // The demo catalogue has analyses without a price in some laboratories: logged by design (spec §8).
  ctx.allowConsole(/Prices array of analysis is empty/);

  const lab = await ctx.step('pick the first laboratory', async () => {
    const res = await ctx.api('GET', '/api/backend/laboratories');
    assert.equal(res.status, 200);
    const labs = res.body as LaboratoryDto[];
    assert.ok(labs[0], 'demo laboratories exist');
    await ctx.prepare({ acceptCookies: true, laboratoryId: labs[0].id });
    return labs[0];
  });

  await ctx.step('a crawler without JavaScript sees names, prices and meta tags', async () => {
    const html = await (await fetch(`${ctx.baseUrl}/search?q=${TERM}`, { headers: { cookie: `labShop.lab=${lab.id}` } })).text();
    const found = (await ctx.api('GET', `/api/backend/labService/search?searchNameTerm=${TERM}&laboratoryId=${lab.id}`)).body as AnalysisDto[];
    const first = found.find((a) => a.prices.length > 0);
    assert.ok(first, `the demo catalogue has a priced analysis for "${TERM}"`);
    assert.ok(html.includes(first.name.replace(/&/g, '&amp;')), 'the analysis name is in the server HTML');
    assert.ok(normal(html).includes(money(first.prices[0]!.price, first.prices[0]!.currency)), 'its price is in the server HTML');
    assert.match(html, /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/search\?q=glucose"/);
    assert.match(html, /<meta name="description" content="[^"]+"/);
    for (const path of ['/search/analysis/99999999', '/profiles/99999999', '/categories/cardiology', '/documents/nothing-here', '/search/analysis/abc']) {
      const res = await fetch(`${ctx.baseUrl}${path}`);
      assert.equal(res.status, 404, `${path} is a 404 page`);
    }
  });

  await ctx.step('home shows categories, popular tests, profiles and the article', async () => {
    const res = await page.goto('/');
    assert.equal(res?.status(), 200);
    await page.getByRole('heading', { level: 1, name: 'Laboratory tests at home' }).waitFor();
    await page.getByRole('list', { name: 'Categories' }).waitFor();
    await page.getByRole('list', { name: 'Popular tests' }).getByRole('link').first().waitFor();
    await page.getByRole('link', { name: /Getting ready for analyses/ }).waitFor();
    await ctx.shot('home');
    await page.getByRole('list', { name: 'Test profiles' }).scrollIntoViewIfNeeded();
    await ctx.shot('home-profiles');
  });

  const analysisName = await ctx.step(`search "${TERM}" from home and open the analysis card`, async () => {
    await page.getByRole('searchbox', { name: 'Test name or code' }).fill(TERM);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=glucose/);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link').first().waitFor();
    await ctx.shot('search-results');
    // Typing refines the results as the user types and keeps the term in the address.
    const box = page.getByRole('searchbox', { name: 'Test name or code' });
    await box.fill('zzzz-no-such-test');
    await page.getByText('No analyses match “zzzz-no-such-test”').waitFor();
    await page.waitForURL(/q=zzzz-no-such-test/);
    await ctx.shot('search-empty');
    await box.fill(TERM);
    await results.getByRole('link').first().waitFor();
    const link = results.getByRole('link').first();
    const name = (await link.locator('.row-primary').innerText()).trim();
    await link.click();
    await page.waitForURL(/\/search\/analysis\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const add = page.getByRole('link', { name: 'Add to cart' });
    const id = /\/search\/analysis\/(\d+)$/.exec(page.url())?.[1];
    assert.equal(await add.getAttribute('href'), `/add-to-cart/analysis/${id}`);
    await page.getByText('Preparation', { exact: true }).waitFor();
    await ctx.shot('analysis-card');
    return name;
  });
  assert.ok(analysisName.length > 0);

  await ctx.step('choosing another laboratory reprices the open card', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    const other = labs.find((l) => l.currency && l.currency !== lab.currency);
    assert.ok(other, 'the demo has laboratories in another currency');
    const id = /\/search\/analysis\/(\d+)$/.exec(page.url())?.[1];
    const repriced = (await ctx.api('GET', `/api/backend/labService/${id}?laboratoryId=${other.id}`)).body as AnalysisDto;
    await page.getByRole('button', { name: /open menu/i }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.waitForTimeout(400); // the drawer slides in
    await menu.getByRole('button', { name: 'Select laboratory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select laboratory' });
    await dialog.getByRole('radio', { name: `${other.cityName}, ${other.address}` }).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const price = repriced.prices[0];
    const expected = price ? money(price.price, price.currency) : 'Unavailable';
    await page.getByText(expected, { exact: true }).first().waitFor();
    await ctx.shot('analysis-card-other-laboratory');
    // Back to the first laboratory for the rest of the journey.
    await ctx.prepare({ laboratoryId: lab.id });
    await page.goto('/');
    await page.getByRole('list', { name: 'Popular tests' }).getByRole('link').first().waitFor();
  });

  await ctx.step('an analysis without a price in the laboratory is shown as unavailable', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    let found: { laboratory: LaboratoryDto; analysis: AnalysisDto } | null = null;
    // The laboratory list leaves unpriced analyses out; the search shows them with an empty price list.
    const code = DEMO_PRICE_LISTS.flatMap((l) => l.missing)[0];
    assert.ok(code, 'a demo price list misses an analysis');
    for (const l of labs) {
      const results = (await ctx.api('GET', `/api/backend/labService/search?searchNameTerm=${code}&laboratoryId=${l.id}`)).body as AnalysisDto[];
      const unpriced = results.find((a) => a.code === code && a.prices.length === 0);
      if (unpriced) {
        found = { laboratory: l, analysis: unpriced };
        break;
      }
    }
    assert.ok(found, 'the demo catalogue has an analysis without a price in some laboratory');
    await ctx.prepare({ laboratoryId: found.laboratory.id });
    await page.goto(`/search/analysis/${found.analysis.id}`);
    await page.getByRole('heading', { level: 1, name: found.analysis.name }).waitFor();
    await page.getByText('Unavailable', { exact: true }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Add to cart' }).getAttribute('aria-disabled'), 'true');
    await ctx.shot('analysis-unavailable');
    await ctx.prepare({ laboratoryId: lab.id });
  });

  await ctx.step('open a category page', async () => {
    await page.goto('/');
    await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'General blood tests' }).click();
    await page.waitForURL(/\/categories\/general-blood-tests$/);
    await page.getByRole('heading', { level: 1, name: /General blood tests/ }).waitFor();
    await page.getByRole('list', { name: 'General blood tests' }).getByRole('link').first().waitFor();
    await ctx.shot('category');
  });

  await ctx.step('open a profile card and see its analyses and total', async () => {
    await page.goto('/profiles');
    const first = page.getByRole('list', { name: 'Test profiles' }).getByRole('link').first();
    await first.waitFor();
    await ctx.shot('profiles');
    await first.click();
    await page.waitForURL(/\/profiles\/\d+$/);
    const id = /\/profiles\/(\d+)$/.exec(page.url())?.[1];
    const profile = (await ctx.api('GET', `/api/backend/profiles/${id}?laboratoryId=${lab.id}`)).body as ProfileDto;
    await page.getByRole('heading', { level: 1, name: localName(profile, 'en') }).waitFor();
    const rows = page.getByRole('list', { name: 'Tests of the profile' }).getByRole('link');
    assert.equal(await rows.count(), profile.labServices.length);
    const priced = profile.labServices.filter((a) => a.prices[0]);
    const currency = priced[0]?.prices[0]?.currency ?? 'EUR';
    const total = priced.reduce((sum, a) => sum + Math.round((a.prices[0]?.price ?? 0) * 100), 0) / 100;
    assert.equal(normal(await page.getByTestId('profile-total').innerText()), money(total, currency));
    assert.equal(await page.getByRole('link', { name: 'Add to cart' }).getAttribute('href'), `/add-to-cart/profile/${id}`);
    await ctx.shot('profile-card');
  });

  await ctx.step('read the privacy policy and the preparation article', async () => {
    await page.goto('/documents');
    await page.getByRole('link', { name: /Privacy policy/ }).click();
    await page.waitForURL(/\/documents\/privacy-policy$/);
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.getByText(/Art\. 9\(2\)\(h\)/).first().waitFor();
    await ctx.shot('privacy-policy');
    await page.goto('/articles/getting-ready-for-analyses');
    await page.getByRole('heading', { level: 1, name: 'Getting ready for analyses' }).waitFor();
    await page.getByRole('heading', { name: 'Fasting' }).waitFor();
    await ctx.shot('article');
  });

  await ctx.step('write to support: the laboratory gets the mail', async () => {
    await page.goto('/support');
    await page.getByRole('link', { name: new RegExp(lab.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
    // The FAQ is native disclosure widgets: an answer shows once its question is opened.
    const answer = page.getByText(/8–12 hours without food/);
    assert.ok(await answer.isHidden(), 'answers are closed at first');
    await page.locator('summary', { hasText: 'How should I prepare?' }).click();
    await answer.waitFor();
    const email = `visitor-${ctx.viewport}-${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: 'Your name' }).fill('Visitor Tester');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Message' }).fill('Short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('The message needs at least 10 characters').waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill(`Can the nurse come on Saturday? (${ctx.viewport})`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/Your message was sent/).waitFor();
    await ctx.shot('support-sent');
    const mail = await ctx.mail.waitFor({ to: lab.email, subject: /Support request from Visitor Tester/ });
    assert.ok(mail.text.includes(`Can the nurse come on Saturday? (${ctx.viewport})`));
    assert.ok(mail.raw.toLowerCase().includes(`reply-to: ${email}`), 'the visitor is the reply-to address');
  });

  await ctx.step('the catalogue and documents in Russian', async () => {
    await ctx.prepare({ language: 'ru' });
    await page.goto(`/search?q=${TERM}`);
    await page.getByRole('heading', { level: 1, name: 'Поиск анализов' }).waitFor();
    await page.getByText(/^Найден/).waitFor();
    await ctx.shot('search-russian');
    await page.goto('/documents/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' }).waitFor();
    await page.goto('/profiles');
    await page.getByRole('heading', { level: 1, name: 'Профили анализов' }).waitFor();
    await ctx.shot('profiles-russian');
    await ctx.prepare({ language: 'en' });
  });

  ctx.expectNoConsoleErrors();
});
