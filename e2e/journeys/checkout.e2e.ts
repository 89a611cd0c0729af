import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { journey } from '../lib/journey';
import { localName } from '@/shared/catalogueText';
import { STORAGE_KEYS } from '@/shared/storage';
import type { AnalysisDto, CartDto, LaboratoryDto, ProfileDto } from '@/shared/types/api';

const priced = (a: AnalysisDto) => a.prices.length > 0;

/** Waits until the open dialog has faded in, so its screenshot shows it as the user sees it. */
const dialogSettled = (page: Page) =>
  page.waitForFunction(() => {
    const container = document.querySelector('[role="dialog"]')?.closest('.MuiDialog-container');
    return container instanceof HTMLElement && getComputedStyle(container).opacity === '1';
  });
const unrestricted = (a: AnalysisDto) => !a.restrictions.gender && a.restrictions.minAge == null && a.restrictions.maxAge == null;

export default journey(
  'visitor adds a profile for two new patients, checks out with a nurse visit and submits the order',
  { timeoutMs: 240000 },
  async (ctx) => {
    const { page } = ctx;
    const email = `checkout-${ctx.viewport}-${Date.now()}@example.test`;

    // Demo data: a profile with an optional material and no restrictions, and a female-only analysis.
    const { lab, profile, femaleOnly } = await ctx.step('pick a laboratory, a profile and a restricted analysis', async () => {
      // A Polish laboratory: the address step keeps its default country.
      const labs = ((await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[]).filter((l) => l.country === 'PL');
      for (const l of labs) {
        const profiles = (await ctx.api('GET', `/api/backend/profiles?laboratoryId=${l.id}`)).body as ProfileDto[];
        const p = profiles.find(
          (x) => x.labServices.length > 1 && x.labServices.every((a) => priced(a) && unrestricted(a)) && x.labServices.some((a) => a.materials.some((m) => m.optional)),
        );
        const analyses = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${l.id}`)).body as AnalysisDto[];
        const f = analyses.find((a) => priced(a) && a.restrictions.gender === 'female' && a.restrictions.minAge == null && !a.materials.some((m) => m.optional));
        if (p && f) return { lab: l, profile: p, femaleOnly: f };
      }
      throw new Error('the demo data has no profile with an optional material or no female-only analysis');
    });

    await ctx.prepare({ acceptCookies: true, laboratoryId: lab.id });

    await ctx.step('a visitor opens the add-to-cart card of the profile', async () => {
      const res = await page.goto(`/add-to-cart/profile/${profile.id}`);
      assert.equal(res?.status(), 200);
      await page.getByRole('heading', { name: localName(profile, 'en') }).waitFor();
      await ctx.shot('addable-card');
    });

    await ctx.step('registers inside the flow', async () => {
      await page.getByRole('button', { name: 'Register to continue' }).click();
      await page.waitForURL(/addableFlowPage=register/);
      const form = page.getByRole('form', { name: 'Create an account' });
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel(/^Password/).fill('Secret-pass-123');
      await form.getByLabel('First name').fill('Maria');
      await form.getByLabel('Last name').fill('Checkout');
      await form.getByRole('checkbox', { name: /I accept the terms of service and the privacy policy/ }).check();
      await ctx.shot('register');
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/addableFlowPage=addPatients/);
    });

    await ctx.step('creates two patients inline and adds the profile for both', async () => {
      const addPatient = async (first: string, last: string, sex: 'Female' | 'Male', born: string) => {
        const form = page.getByRole('form', { name: 'New patient' });
        if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add a patient' }).click();
        await form.getByLabel('First name').fill(first);
        await form.getByLabel('Last name').fill(last);
        await form.getByLabel('Sex').selectOption({ label: sex });
        await form.getByLabel('Date of birth').fill(born);
        await form.getByRole('button', { name: 'Save patient' }).click();
        await page.getByRole('checkbox', { name: `${first} ${last}` }).waitFor();
      };
      await page.getByRole('form', { name: 'New patient' }).waitFor();
      await addPatient('Anna', 'Checkout', 'Female', '1990-04-12');
      await addPatient('Jan', 'Checkout', 'Male', '1985-09-30');
      assert.ok(await page.getByRole('checkbox', { name: 'Anna Checkout' }).isChecked());
      assert.ok(await page.getByRole('checkbox', { name: 'Jan Checkout' }).isChecked());
      await ctx.shot('patients');
      await page.getByRole('button', { name: 'Add to cart for 2 patients' }).click();
    });

    await ctx.step('decides on the optional material: bring own', async () => {
      const dialog = page.getByRole('dialog', { name: 'Sample materials' });
      await dialog.waitFor();
      await dialogSettled(page);
      await ctx.shot('material-decision');
      for (const radio of await dialog.getByRole('radio', { name: 'I will bring my own' }).all()) await radio.check();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      // Seen in a toast and spoken through the page's polite live region.
      const toast = page.locator('.MuiSnackbar-root').getByText('Analysis has been added to the cart');
      await toast.waitFor();
      assert.equal(await page.getByTestId('toast-status').getAttribute('aria-live'), 'polite');
      assert.equal(await page.getByTestId('toast-status').getByText('Analysis has been added to the cart').count(), 1);
      await page.waitForURL(/\/order\/cart$/);
      await page.getByRole('region', { name: 'Anna Checkout' }).waitFor();
      await page.getByRole('region', { name: 'Jan Checkout' }).waitFor();
      assert.ok((await page.getByText('Brought by patient').count()) >= 2, 'declined materials are shown as brought by the patient');
      await ctx.shot('cart-profile');
      // The toast covers neither the page heading nor the next-step bar, and goes on its own.
      // The toast hides itself after a few seconds: read its box only while it is there (waiting for a
      // toast that already left would time out on a slow machine).
      const snackbar = page.locator('.MuiSnackbar-root').first();
      const box = (await snackbar.count()) ? await snackbar.boundingBox({ timeout: 1000 }).catch(() => null) : null;
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      const next = await page.getByRole('button', { name: 'Continue to address' }).boundingBox();
      const overlaps = (a: NonNullable<typeof box>, b: NonNullable<typeof box>) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      if (box && heading) assert.ok(!overlaps(box, heading), `the toast ${JSON.stringify(box)} covers the heading ${JSON.stringify(heading)}`);
      if (box && next) assert.ok(!overlaps(box, next), `the toast ${JSON.stringify(box)} covers the next-step button ${JSON.stringify(next)}`);
      await toast.waitFor({ state: 'detached', timeout: 10_000 });
    });

    await ctx.step('a female-only analysis shows the restriction modal for Jan', async () => {
      await page.goto(`/add-to-cart/analysis/${femaleOnly.id}?addableFlowPage=addPatients`);
      await page.getByRole('checkbox', { name: 'Anna Checkout' }).check();
      await page.getByRole('checkbox', { name: 'Jan Checkout' }).check();
      await page.getByRole('button', { name: 'Add to cart for 2 patients' }).click();
      const dialog = page.getByRole('dialog', { name: 'Not for every patient' });
      await dialog.waitFor();
      await dialog.getByText('Jan Checkout').waitFor();
      assert.equal(await dialog.getByText('Anna Checkout').count(), 0);
      await dialogSettled(page);
      await ctx.shot('restriction');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL(/\/order\/cart$/);
      await page.getByRole('region', { name: 'Anna Checkout' }).getByText(femaleOnly.name).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Jan Checkout' }).getByText(femaleOnly.name).count(), 0);
      // No address yet: the visit fee is the laboratory's lowest, as "from", with the reason.
      assert.match((await page.getByTestId('cart-visit-fee').textContent()) ?? '', /^Home visit from \S/);
      assert.match((await page.getByTestId('cart-total').textContent()) ?? '', /^Total from \S/);
      // The note is in the sticky bar on a desktop and in the page on a phone (the bar stays low there).
      await page.locator('p:visible', { hasText: 'The home visit fee depends on the address' }).waitFor();
      if (ctx.viewport === 'phone') {
        // The sticky bar does not cover "Empty the cart" once the page is scrolled to it.
        // The bar keeps to the total and the next step: low enough not to hide the page's last rows.
        const barHeight = await page.getByRole('button', { name: 'Continue to address' }).evaluate((el) => {
          let node: Element | null = el;
          while (node && getComputedStyle(node).position !== 'sticky') node = node.parentElement;
          return node?.getBoundingClientRect().height ?? 0;
        });
        assert.ok(barHeight > 0 && barHeight < 160, `the cart's sticky bar is ${barHeight}px high on a phone`);
        const reset = page.getByRole('button', { name: 'Empty the cart' });
        await reset.scrollIntoViewIfNeeded();
        const covered = await reset.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !(top && el.contains(top));
        });
        assert.equal(covered, false, 'the sticky bar covers "Empty the cart"');
      }
      await ctx.shot('cart');
      await page.getByRole('button', { name: 'Continue to address' }).click();
    });

    await ctx.step('address', async () => {
      await page.waitForURL(/\/order\/address$/);
      const city = page.getByLabel('City');
      await city.waitFor();
      assert.equal(await page.getByLabel('Floor').inputValue(), '1');
      assert.equal(await page.getByLabel('Apartment').inputValue(), '1');
      await city.fill('Warsaw');
      await page.getByLabel('Street and house number').fill('Marszałkowska 10');
      // A postal code no laboratory visits is refused at once, with its message, and cannot go on.
      const postalCode = page.getByLabel('Postal code');
      await postalCode.fill('99-999');
      const refused = page.getByTestId('coverage-unserved');
      await refused.waitFor();
      assert.match((await refused.textContent()) ?? '', /does not make home visits to 99-999\. None of our laboratories makes home visits there yet\./);
      assert.equal(await page.getByRole('button', { name: 'Continue to visit time' }).isDisabled(), true);
      await ctx.shot('address-unserved');
      // The laboratory's own postal code is in its zones: served, with the fee of the zone.
      const own = /\b\d{2}-\d{3}\b/.exec(lab.address)?.[0];
      assert.ok(own, `no postal code in ${lab.address}`);
      await postalCode.fill(own);
      await page.getByTestId('coverage-served').waitFor();
      assert.match((await page.getByTestId('coverage-served').textContent()) ?? '', /comes to this address/);
      await page.getByLabel('Intercom code').fill('12#');
      await page.getByLabel('Notes for the nurse').fill('Ring twice, please');
      await ctx.shot('address');
      await page.getByRole('button', { name: 'Continue to visit time' }).click();
    });

    await ctx.step('visit time', async () => {
      await page.waitForURL(/nurse-checkout-time$/);
      const slots = page.getByRole('radiogroup', { name: /^Times on/ });
      await slots.waitFor();
      await slots.getByRole('radio').first().click();
      await ctx.shot('visit-time');
      await page.getByRole('button', { name: 'Continue to contact' }).click();
    });

    await ctx.step('contact and checkout lead to the e-mail confirmation', async () => {
      await page.waitForURL(/\/order\/feedback$/);
      await page.getByLabel('Phone for the nurse').fill('+48 600 100 200');
      await ctx.shot('feedback');
      await page.getByRole('button', { name: 'Check and confirm' }).click();
      await page.waitForURL(/\/order\/confirm-email$/);
      await page.getByRole('button', { name: 'Send the letter' }).click();
      await page.getByText(`The letter is on its way to ${email}`).waitFor();
      await ctx.shot('confirm-email');
    });

    await ctx.step('confirms the e-mail through the mailed link', async () => {
      // The registration sent a letter too; the one asked for in the order flow links back into it.
      let link: string | undefined;
      const seen: string[] = [];
      for (let i = 0; i < 3 && !link; i++) {
        const mail = await ctx.mail.waitFor({ to: email, timeoutMs: 30000 });
        seen.push(...mail.links);
        link = mail.links.find((l) => l.includes('/confirm-email?'));
      }
      assert.ok(link, `a letter has a confirmation link: ${seen.join(' ')}`);
      // The spec's call carries no body: the browser, not the link, knows the order flow asked for it.
      assert.ok(!link.includes('returnTo='), link);
      await page.goto(link);
      // The confirmation page returns to the order summary.
      await page.waitForURL(/\/order\/data-confirmed$/, { timeout: 30000 });
    });

    await ctx.step('applies a promo code at the summary', async () => {
      await page.getByRole('heading', { name: 'Check your order' }).waitFor();
      await page.getByText('Marszałkowska 10', { exact: false }).first().waitFor();
      // A code of the laboratory, made with the command staff use.
      const code = `E2E${ctx.viewport.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
      const env = { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, SEED_DEMO: 'false' };
      execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/promo-add.ts', code, '--percent', '10', '--laboratory', lab.id, '--max-uses', '5'], { env });
      // The address's zone is known here: the fee and the total are exact, not "from".
      const fee = page.getByRole('region', { name: 'Tests' }).getByText('Home visit').locator('..');
      await page.waitForFunction(() => !document.querySelector('[data-fee="from"]'));
      assert.doesNotMatch((await fee.textContent()) ?? '', /from/);
      const totalBefore = (await page.getByText(/^Total/).last().textContent()) ?? '';
      await page.getByRole('textbox', { name: 'Promo code' }).fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      const applied = page.getByTestId('promo-applied');
      await applied.waitFor();
      assert.match((await applied.textContent()) ?? '', new RegExp(`Promo code ${code} applied: −`));
      const totalAfter = (await page.getByText(/^Total/).last().textContent()) ?? '';
      assert.notEqual(totalAfter, totalBefore, 'the total goes down with the discount');
      await ctx.shot('data-confirmed');
    });

    await ctx.step('pays online (the default) on the test provider page and lands on order-submitted, paid', async () => {
      await page.getByRole('radio', { name: /Pay online now/ }).waitFor();
      assert.equal(await page.getByRole('radio', { name: /Pay online now/ }).isChecked(), true, 'online is the default for a PLN laboratory');
      await page.getByText(/full refund/).waitFor();
      await page.getByRole('button', { name: 'Submit and pay' }).click();
      await page.waitForURL(/\/payments\/test\/[^/]+$/);
      await page.getByRole('heading', { name: 'Test payment — no money moves' }).waitFor();
      await ctx.shot('test payment page');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/order\/order-submitted\?orderId=\d+$/);
      await page.getByText('Paid. Thank you!').waitFor({ timeout: 20000 });
      await page.getByText(/^Order LS-\d{6}$/).waitFor();
      await page.getByRole('region', { name: 'What to prepare' }).waitFor();
      // The server's discount is on the order.
      await page.getByText(/^Promo code E2E\w+ applied:$/).waitFor();
      await ctx.shot('order-submitted');
    });

    await ctx.step('the cart is then empty', async () => {
      const token = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token);
      assert.ok(token);
      const cart = (await ctx.api('GET', '/api/cart/get-cart', undefined, token)).body as CartDto;
      assert.deepEqual(cart.analysisIdsByPatientId, {});
      assert.equal(cart.cartTotal.price, 0);
      await page.goto('/order/cart');
      await page.getByText('Your cart is empty').waitFor();
      const confirmation = await ctx.mail.waitFor({ to: email, subject: /Your order/, timeoutMs: 30000 });
      assert.match(confirmation.text, /LS-\d{6}/);
    });
    ctx.expectNoConsoleErrors();
  },
);
