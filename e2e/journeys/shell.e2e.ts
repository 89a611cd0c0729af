import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { closest } from '../../src/lib/geo';
import { LAB_COOKIE, STORAGE_KEYS } from '@/shared/storage';
import type { LaboratoryDto } from '@/shared/types/api';

const WARSAW = { latitude: 52.2297, longitude: 21.0122 };

export default journey(
  'visitor picks the closest laboratory, accepts cookies and sees the visitor menu',
  { geolocation: WARSAW, permissions: ['geolocation'] },
  async (ctx) => {
    const { page } = ctx;
    const dialog = page.getByRole('dialog', { name: 'Select laboratory' });
    const banner = page.getByRole('region', { name: 'Cookie consent' });

    const labs = await ctx.step('the backend lists laboratories', async () => {
      const res = await ctx.api('GET', '/api/backend/laboratories');
      assert.equal(res.status, 200);
      const list = res.body as LaboratoryDto[];
      assert.ok(list.length > 1, 'the demo data has several laboratories');
      return list;
    });
    const expected = closest(WARSAW, labs).item;

    await ctx.step('the server sends one style sheet, the manifest, theme colour and viewport', async () => {
      const html = await (await ctx.context.request.get('/')).text();
      const [head = '', body = ''] = html.split('</head>');
      // MUI's document head tags: one sheet with every component style (global styles get their own tags), none in the body.
      assert.equal((head.match(/<style data-emotion="mui /g) ?? []).length, 1, 'one style sheet of component styles in the head');
      assert.equal((body.match(/<style data-emotion=/g) ?? []).length, 0, 'no styles inlined in the body');
      assert.match(html, /<meta name="theme-color" content="#173366"/);
      assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest"/);
      assert.match(html, /<meta name="viewport" content="[^"]*user-scalable=no/);
      assert.match(html, /<html lang="en"/);
    });

    await ctx.step('home opens with the laboratory selector', async () => {
      const res = await page.goto('/');
      assert.equal(res?.status(), 200);
      await dialog.waitFor();
      await page.getByRole('radio').first().waitFor();
      await ctx.shot('lab-selector');
    });

    await ctx.step('the selector cannot be dismissed without a laboratory', async () => {
      await page.keyboard.press('Escape');
      if (ctx.viewport === 'desktop') await page.mouse.click(20, 400);
      await page.waitForTimeout(400);
      assert.ok(await dialog.isVisible(), 'still open after Escape and a click outside');
      assert.equal(await dialog.getByRole('button', { name: /close|cancel/i }).count(), 0, 'no close button');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText('Laboratory is required').waitFor();
      await ctx.shot('laboratory-required');
    });

    await ctx.step('"Find" picks the closest laboratory', async () => {
      await dialog.getByRole('button', { name: 'Find' }).click();
      const found = dialog.getByTestId('closest-laboratory');
      await found.waitFor();
      const text = await found.innerText();
      assert.ok(text.includes(`${expected.cityName}, ${expected.address}`), `closest shown: ${text}`);
      await ctx.shot('closest-laboratory');
      await dialog.getByRole('button', { name: 'Select manually' }).click();
      await dialog.getByRole('radio').first().waitFor();
      await dialog.getByRole('button', { name: 'Find' }).click();
      await found.waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.activeLaboratoryId);
      assert.equal(stored, expected.id);
      const cookie = (await ctx.context.cookies()).find((c) => c.name === LAB_COOKIE);
      assert.equal(cookie?.value, expected.id);
      assert.ok(cookie && cookie.expires > Date.now() / 1000 + 300 * 24 * 3600, 'the laboratory cookie lasts about a year');
    });

    await ctx.step('the laboratory is kept after reload', async () => {
      await page.reload();
      await page.getByTestId('avatar-button').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      assert.equal(await dialog.count(), 0, 'no selector after reload');
      if (ctx.viewport === 'desktop') await page.getByRole('button', { name: `Laboratory: ${expected.cityName}` }).waitFor();
    });

    await ctx.step('the cookie banner goes away after "Accept" and stays away', async () => {
      await banner.waitFor();
      await ctx.shot('cookie-banner');
      await banner.getByRole('button', { name: 'Accept' }).click();
      await banner.waitFor({ state: 'detached' });
      const consent = (await ctx.context.cookies()).find((c) => c.name === 'acceptCookie');
      assert.ok(consent, 'acceptCookie is set');
      const days = (consent.expires - Date.now() / 1000) / 86400;
      assert.ok(days > 149 && days <= 150, `consent lasts 150 days, got ${days.toFixed(1)}`);
      await page.reload();
      await page.getByTestId('avatar-button').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      assert.equal(await banner.count(), 0, 'no banner after reload');
      await ctx.shot('home-settled');
    });

    await ctx.step('the menu shows the visitor items and opens the selector', async () => {
      await page.getByRole('button', { name: /open menu/i }).click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.waitFor();
      await page.waitForTimeout(400); // the drawer slides in
      const labels = await menu.locator('[data-menu-key]').allInnerTexts();
      assert.deepEqual(
        labels.map((l) => l.split('\n')[0]?.trim()),
        ['Home', 'Register', 'Login', 'Select laboratory', 'Documents', 'Support'],
      );
      assert.match(labels[3] ?? '', new RegExp(expected.cityName), 'the menu names the chosen laboratory');
      await ctx.shot('visitor-menu');
      await menu.getByRole('button', { name: 'Select laboratory' }).click();
      await menu.waitFor({ state: 'hidden' });
      await dialog.waitFor();
      // With a laboratory chosen the selector can be closed.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    await ctx.step('the language choice persists across reloads', async () => {
      await page.getByRole('button', { name: /open menu/i }).click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('button', { name: /Русский/ }).click();
      await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('button', { name: 'Главная' }).waitFor();
      await page.reload();
      assert.equal(await page.locator('html').getAttribute('lang'), 'ru');
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      const ruMenu = page.getByRole('navigation', { name: 'Главное меню' });
      await ruMenu.getByRole('button', { name: 'Выбрать лабораторию' }).waitFor();
      await page.waitForTimeout(400);
      await ctx.shot('menu-russian');
      await ruMenu.getByRole('button', { name: /English/ }).click();
      await menu.getByRole('button', { name: 'Home' }).waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    });

    await ctx.step('an unknown address shows the friendly 404 page with a way home', async () => {
      const res = await page.goto('/no-such-page');
      assert.equal(res?.status(), 404);
      await page.getByText('Page not found').waitFor();
      await ctx.shot('not-found');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('avatar-button').waitFor();
    });

    ctx.expectNoConsoleErrors([/Failed to load resource/]);
  },
);
