import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { journey } from '../lib/journey';
import type { AnalysisDto, LaboratoryDto } from '@/shared/types/api';

/**
 * Keyboard only: every action of this journey is a key press (Tab, Shift+Tab, Enter, Space, arrows,
 * Escape, typing). No click, tap or fill. Every focus stop must show a visible focus indicator and
 * must not be hidden behind the sticky bars, and while a dialog is open Tab stays inside it.
 */

/** What the focused element shows: its own outline or box shadow, or that of its focus-visible MUI wrapper. */
async function focusState(page: Page): Promise<{ ok: boolean; what: string }> {
  // A string, so the test runner's compiler adds no helpers the page does not have.
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { ok: false, what: 'nothing focused' };
    const shows = (node) => {
      if (!node) return false;
      const cs = getComputedStyle(node);
      return (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) || (cs.boxShadow !== 'none' && cs.boxShadow !== '');
    };
    const wrapper = el.closest('.Mui-focusVisible, .Mui-focused');
    // A text field shows focus with its thicker primary-coloured border (MUI's focused outline, or the shop's TextInput).
    const notch = (el.closest('.Mui-focused') && el.closest('.MuiInputBase-root')?.querySelector('.MuiOutlinedInput-notchedOutline')) || el.closest('.text-field-focused')?.querySelector('.text-field-outline');
    const border = notch ? getComputedStyle(notch) : null;
    const visible = shows(el) || shows(wrapper) || Boolean(border && parseFloat(border.borderTopWidth) >= 2);
    const label = el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 40) || el.getAttribute('name') || el.tagName;
    const what = el.tagName.toLowerCase() + ' "' + label + '"';
    // Not entirely hidden behind the sticky top bar, a bottom bar or a banner (WCAG 2.4.11): some
    // point of the focused control (or of the field or wrapper that draws its focus) is on top.
    const owner = el.closest('.MuiInputBase-root, .text-field-focused, .Mui-focusVisible') || el;
    const r = owner.getBoundingClientRect();
    let seen = false;
    for (const fx of [0.1, 0.5, 0.9]) {
      for (const fy of [0.1, 0.5, 0.9]) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (owner.contains(hit) || hit.contains(el))) seen = true;
      }
    }
    if (visible && !seen) return { ok: false, what: what + ' (hidden behind ' + (document.elementFromPoint(r.left + r.width / 2, Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1))?.tagName.toLowerCase() || 'nothing') + ')' };
    return { ok: visible, what };
  })()`);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus. Each stop must show its focus; with
 * `trap`, each stop must be inside that dialog (focus trapped).
 */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number; trap?: Locator } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < (opts.max ?? 80); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    // The focus styles follow the focus within a frame or two (MUI marks focused fields on re-render).
    let state = await focusState(page);
    for (let t = 0; !state.ok && t < 10; t++) {
      await page.waitForTimeout(50);
      state = await focusState(page);
    }
    seen.push(state.what);
    // Between the last and the first control the focus passes the browser's own UI: not a page stop.
    if (state.what === 'nothing focused') continue;
    assert.ok(state.ok, `focus is not visible on ${state.what}`);
    if (opts.trap) {
      const inside = await opts.trap.evaluate((d) => d.contains(document.activeElement));
      assert.ok(inside, `focus left the dialog to ${state.what}`);
    }
    const reached = await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);
    if (reached) return;
  }
  throw new Error(`Tab never reached ${target.toString()}; stops: ${seen.slice(-20).join(' → ')}`);
}

const priced = (a: AnalysisDto) => a.prices.length > 0;
const plain = (a: AnalysisDto) =>
  priced(a) && !a.restrictions.gender && a.restrictions.minAge == null && a.restrictions.maxAge == null && !a.materials.some((m) => m.optional);

export default journey('keyboard only: from home to a submitted order', { timeoutMs: 240000 }, async (ctx) => {
  const { page } = ctx;

  const { user, lab, analysis } = await ctx.step('a patient with a confirmed e-mail and an analysis to order', async () => {
    const u = await ctx.registerUser({ firstName: 'Kira', lastName: 'Keys' });
    assert.equal((await ctx.api('POST', '/api/backend/users/send-activation-email', undefined, u.token)).status, 200);
    const mail = await ctx.mail.waitFor({ to: u.email, subject: /Confirm your e-mail/ });
    const link = mail.links.find((l) => l.includes('/confirm-email?'));
    const token = link ? new URL(link).searchParams.get('token') : null;
    assert.ok(token, 'the letter carries a confirmation token');
    assert.equal((await ctx.api('POST', '/api/backend/users/activate', { token }, u.token)).status, 200);
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    // A Polish laboratory whose own postal code (in its address) is in its visit zones.
    const first = labs.find((l) => /\b\d{2}-\d{3}\b/.test(l.address));
    assert.ok(first, 'a laboratory with a postal code in its address');
    const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${first.id}`)).body as AnalysisDto[];
    const a = analyses.find(plain);
    assert.ok(a, 'an analysis without options or restrictions');
    return { user: u, lab: first, analysis: a };
  });

  // Signed in, but no laboratory and no cookie consent yet: both are done with the keyboard.
  await ctx.prepare({ token: user.token });

  await ctx.step('choose the laboratory in the selector; Tab stays inside it', async () => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Select laboratory' });
    await dialog.waitFor();
    const radio = dialog.getByRole('radio', { name: `${lab.cityName}, ${lab.address}` });
    await radio.waitFor();
    await tabTo(page, radio, { trap: dialog });
    await page.keyboard.press('Space');
    assert.ok(await radio.isChecked());
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await tabTo(page, confirm, { trap: dialog });
    await ctx.shot('lab-confirm-focused');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
  });

  await ctx.step('accept the cookies', async () => {
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await tabTo(page, banner.getByRole('button').first());
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'hidden' });
  });

  await ctx.step('the menu opens from the avatar, traps focus and gives it back on Escape', async () => {
    const avatar = page.getByTestId('avatar-button');
    await page.getByText('KK').first().waitFor();
    await tabTo(page, avatar, { back: true });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.waitFor();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      assert.ok(await menu.evaluate((m) => m.closest('.MuiDrawer-root')?.contains(document.activeElement) ?? false), 'focus stays in the open menu');
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.ok(await avatar.evaluate((el) => el === document.activeElement), 'focus is back on the avatar button');
  });

  await ctx.step('search the analysis by its code and open its card', async () => {
    const box = page.getByRole('searchbox', { name: 'Test name or code' });
    await tabTo(page, box);
    await page.keyboard.type(analysis.code);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    const result = page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: new RegExp(analysis.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
    await result.waitFor();
    await tabTo(page, result);
    await ctx.shot('search-result-focused');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\/analysis\/\d+$/);
    await page.getByRole('heading', { level: 1, name: analysis.name }).waitFor();
  });

  await ctx.step('add it to the cart for a new patient', async () => {
    await tabTo(page, page.getByRole('link', { name: 'Add to cart' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/add-to-cart\/analysis\/\d+/);
    const choose = page.getByRole('button', { name: 'Choose patients' });
    await choose.waitFor();
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'New patient' });
    await form.waitFor();
    await tabTo(page, form.getByLabel('First name'));
    await page.keyboard.type('Lena');
    await tabTo(page, form.getByLabel('Last name'));
    await page.keyboard.type('Keys');
    const sex = form.getByLabel('Sex');
    await tabTo(page, sex);
    // A native select: the arrow keys change its value in place.
    for (let i = 0; i < 3 && (await sex.inputValue()) !== 'F'; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await sex.inputValue(), 'F', 'Female chosen with the arrow keys');
    assert.ok(await sex.evaluate((el) => el === document.activeElement), 'focus stays on the Sex field after choosing');
    await tabTo(page, form.getByLabel('Date of birth'));
    await page.keyboard.type('04121990');
    await tabTo(page, form.getByRole('button', { name: 'Save patient' }));
    await page.keyboard.press('Enter');
    const patient = page.getByRole('checkbox', { name: 'Lena Keys' });
    await patient.waitFor();
    assert.ok(await patient.isChecked(), 'the new patient is chosen');
    const add = page.getByRole('button', { name: 'Add to cart for 1 patient' });
    await tabTo(page, add);
    await ctx.shot('add-focused');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/order\/cart$/);
    await page.getByRole('region', { name: 'Lena Keys' }).getByText(analysis.name).waitFor();
  });

  await ctx.step('address', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Continue to address' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/order\/address$/);
    const city = page.getByLabel('City');
    await city.waitFor();
    await tabTo(page, page.getByLabel('Postal code'));
    await page.keyboard.type(/\b\d{2}-\d{3}\b/.exec(lab.address)?.[0] ?? '');
    await tabTo(page, city);
    await page.keyboard.type('Warsaw');
    await tabTo(page, page.getByLabel('Street and house number'));
    await page.keyboard.type('Klawiszowa 1');
    await page.getByTestId('coverage-served').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Continue to visit time' }));
    await page.keyboard.press('Enter');
  });

  await ctx.step('visit time', async () => {
    await page.waitForURL(/nurse-checkout-time$/);
    const slots = page.getByRole('radiogroup', { name: /^Times on/ });
    await slots.waitFor();
    // The ~30 days are one radio group, one Tab stop: the chosen day; the arrow keys move the choice.
    const strip = page.getByRole('radiogroup', { name: 'Day', exact: true });
    const chosenDay = strip.locator('[role="radio"][aria-checked="true"]');
    const firstDay = await chosenDay.getAttribute('aria-label');
    await tabTo(page, chosenDay);
    assert.equal(await strip.locator('[role="radio"][tabindex="0"]').count(), 1, 'one Tab stop in the day strip');
    const openDays = await strip.locator('[role="radio"]:not([disabled])').count();
    if (openDays > 1) {
      await page.keyboard.press('ArrowRight');
      const moved = await chosenDay.getAttribute('aria-label');
      assert.notEqual(moved, firstDay, 'ArrowRight chooses the next open day');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), moved, 'the focus follows the chosen day');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await chosenDay.getAttribute('aria-label'), firstDay);
    }
    // From the day strip one Tab leaves the group (no stop on every day) for the first time.
    await page.keyboard.press('Tab');
    const slot = slots.getByRole('radio').first();
    assert.ok(await slot.evaluate((el) => el === document.activeElement), 'one Tab from the chosen day reaches the first time');
    await page.keyboard.press('Space');
    assert.equal(await slot.getAttribute('aria-checked'), 'true');
    await ctx.shot('slot-chosen');
    await tabTo(page, page.getByRole('button', { name: 'Continue to contact' }));
    await page.keyboard.press('Enter');
  });

  await ctx.step('contact and confirmation', async () => {
    await page.waitForURL(/\/order\/feedback$/);
    const phone = page.getByLabel('Phone for the nurse');
    await phone.waitFor();
    await tabTo(page, phone);
    await page.keyboard.type('+48 600 100 300');
    await tabTo(page, page.getByRole('button', { name: 'Check and confirm' }));
    await page.keyboard.press('Enter');
    // A confirmed e-mail goes straight on; otherwise the letter step asks once more.
    await page.waitForURL(/\/order\/(confirm-email|data-confirmed)$/);
    if (page.url().endsWith('/confirm-email')) {
      await tabTo(page, page.getByRole('button', { name: 'Send the letter' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/order\/data-confirmed$/);
    }
    await page.getByRole('heading', { name: 'Check your order' }).waitFor();
  });

  await ctx.step('choose to pay on the visit and submit the order', async () => {
    // Online is the default for a laboratory in PLN or EUR; the arrow keys move the radio group's choice.
    const online = page.getByRole('radio', { name: /Pay online now/ });
    if (await online.count()) {
      await tabTo(page, online);
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.getByRole('radio', { name: /Pay on visit/ }).isChecked(), true);
    }
    await tabTo(page, page.getByRole('button', { name: 'Submit order' }));
    await ctx.shot('submit-focused');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/order\/order-submitted\?orderId=\d+$/);
    await page.getByText(/^Order LS-\d{6}$/).waitFor();
    await ctx.shot('order-submitted');
  });

  ctx.expectNoConsoleErrors();
});
