import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { waitForHydrationOnLoad } from '../lib/hydration';
import { journey, type JourneyContext } from '../lib/journey';
import type { LaboratoryDto, PatientDto } from '@/shared/types/api';

const PASSWORD = 'Secret-pass-123';
const NEW_PASSWORD = 'Even-better-456';

async function signOut(ctx: JourneyContext) {
  const { page } = ctx;
  await page.getByRole('button', { name: /open menu/i }).click();
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('button', { name: /open menu/i }).waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

async function savePatient(page: Page, first: string, last: string, gender: 'Female' | 'Male', born: string, submit: string) {
  const form = page.getByRole('form', { name: 'Patient details' });
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel(gender, { exact: true }).check();
  await form.getByLabel('Date of birth').fill(born);
  await form.getByRole('button', { name: submit }).click();
  await page.waitForURL((u) => u.pathname === '/patients');
}

export default journey('a patient registers, confirms the e-mail, recovers the password and keeps patients', { timeoutMs: 240000 }, async (ctx) => {
  const { page } = ctx;
  const email = `accounts-${ctx.viewport}-${Date.now()}@example.test`;
  const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
  assert.ok(labs[0], 'the demo data has a laboratory');
  await ctx.prepare({ acceptCookies: true, laboratoryId: labs[0].id });

  await ctx.step('register', async () => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('This field is required').first().waitFor();
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByText('Password strength: strong').waitFor();
    await form.getByLabel('First name').fill('Zofia');
    await form.getByLabel('Last name').fill('Kowalska-Nowak');
    // The consent is required: without it the form says so at the box.
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('Accept the terms of service and the privacy policy to create an account').waitFor();
    await form.getByRole('checkbox', { name: /I accept the terms of service and the privacy policy/ }).check();
    await ctx.shot('register');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText(`Account created. Check your e-mail: we sent a letter to ${email}.`, { exact: false }).waitFor();
    const welcome = await ctx.mail.waitFor({ to: email, subject: /Confirm your e-mail/ });
    assert.ok(welcome.links.some((l) => l.includes('/confirm-email?token=')), 'the registration mail links to /confirm-email');
    assert.match(welcome.text, /6-character code on the confirmation page: [2-9A-HJ-NP-Z]{6} /, 'the registration mail carries the code beside the link');
  });

  await ctx.step('registering the same e-mail again is answered as the spec says: 400 Such user exists', async () => {
    const again = await ctx.api('POST', '/api/backend/register', { email, password: PASSWORD, firstName: 'Zofia', lastName: 'Again' });
    assert.equal(again.status, 400);
    assert.equal((again.body as { error?: string }).error, 'Such user exists');
  });

  await ctx.step('ask for the confirmation letter in settings', async () => {
    await page.goto('/settings');
    await page.getByText('Not confirmed').waitFor();
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail' });
    await dialog.getByRole('button', { name: 'Send the letter' }).click();
    await dialog.getByText(`The letter is on its way to ${email}.`).waitFor();
    await ctx.shot('email-confirmation-modal');
  });

  await ctx.step('open the link of the confirmation mail', async () => {
    const mail = await ctx.mail.waitFor({ to: email, subject: /Confirm your e-mail/ });
    const link = mail.links.find((l) => l.includes('/confirm-email?'));
    assert.ok(link, `the mail links to /confirm-email: ${mail.links.join(', ')}`);
    assert.match(link, /token=/);
    // The request had no body (spec call table): the browser remembers that settings asked for it.
    assert.doesNotMatch(link, /returnTo=/);
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/settings');
    await page.getByText('Confirmed', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Confirm e-mail' }).count(), 0);
    await ctx.shot('email-confirmed');
  });

  await ctx.step('sign out and log in again', async () => {
    await signOut(ctx);
    await page.goto('/settings');
    await page.getByText('Log in to change your settings').waitFor();
    await logIn(page, email, 'Wrong-password-1');
    await page.getByText('Wrong e-mail or password').waitFor();
    await ctx.shot('login-wrong-password');
    await page.getByRole('form', { name: 'Log in' }).getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/settings');
    await page.getByRole('form', { name: 'Personal details' }).getByLabel('First name').waitFor();
    assert.equal(await page.getByRole('form', { name: 'Personal details' }).getByLabel('First name').inputValue(), 'Zofia');
  });

  await ctx.step('reset the password through the mailed link', async () => {
    await signOut(ctx);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Check your mailbox').waitFor();
    await ctx.shot('reset-sent');
    const mail = await ctx.mail.waitFor({ to: email, subject: /Reset your password/ });
    const link = mail.links.find((l) => l.includes('/reset-password?'));
    assert.ok(link, `the mail links to /reset-password: ${mail.links.join(', ')}`);
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await reset.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await ctx.shot('new-password');
    await reset.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your new password is set. Log in with it.').waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await logIn(page, email, PASSWORD);
    await page.getByText('Wrong e-mail or password').waitFor();
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/');
  });

  const firstPatientId = await ctx.step('create, edit and list two patients', async () => {
    await page.goto('/patients');
    await page.getByText('No patients yet').waitFor();
    await ctx.shot('patients-empty');
    await page.getByRole('link', { name: 'Add patient' }).click();
    await page.waitForURL((u) => u.pathname === '/patients/create');
    // A new patient starts with no date of birth (docs/spec-decisions.md): the user must give it.
    assert.equal(await page.getByLabel('Date of birth').inputValue(), '');
    await ctx.shot('patient-create');
    await savePatient(page, 'Zofia', 'Kowalska', 'Female', '1988-03-14', 'Add patient');
    await page.getByText('Zofia Kowalska').waitFor();
    await page.getByRole('link', { name: 'Add patient' }).click();
    await savePatient(page, 'Antek', 'Kowalski', 'Male', '2016-11-02', 'Add patient');
    await page.getByText('Antek Kowalski').waitFor();

    await page.getByText('Antek Kowalski').click();
    await page.waitForURL(/\/patients\/edit\/\d+$/);
    const form = page.getByRole('form', { name: 'Patient details' });
    await form.getByLabel('First name').waitFor();
    assert.equal(await form.getByLabel('First name').inputValue(), 'Antek');
    assert.ok(await form.getByLabel('Male', { exact: true }).isChecked());
    await ctx.shot('patient-edit');
    await savePatient(page, 'Antoni', 'Kowalski', 'Male', '2016-11-02', 'Save changes');
    await page.getByText('Antoni Kowalski').waitFor();
    assert.equal(await page.getByText('Antek Kowalski').count(), 0);
    await ctx.shot('patients-list');

    const token = await page.evaluate(() => window.localStorage.getItem('labShop.token'));
    const list = (await ctx.api('GET', '/api/backend/patient', undefined, token)).body as PatientDto[];
    assert.deepEqual(list.map((p) => `${p.personalDetails.firstName} ${p.personalDetails.gender}`).sort(), ['Antoni male', 'Zofia female']);
    const zofia = list.find((p) => p.personalDetails.firstName === 'Zofia');
    assert.ok(zofia);
    return zofia.id;
  });

  await ctx.step("a second user sees none of the first user's patients", async () => {
    await signOut(ctx);
    const other = await ctx.registerUser();
    await logIn(page, other.email, other.password);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/patients');
    await page.getByText('No patients yet').waitFor();
    assert.equal(await page.getByText('Zofia Kowalska').count(), 0);
    await page.goto(`/patients/edit/${firstPatientId}`);
    await page.getByText('Patient not found').waitFor();
    assert.equal(await page.getByLabel('First name').count(), 0);
    await ctx.shot('other-users-patient');
  });

  await ctx.step("the spec's exact patient path answers without a redirect; other paths still redirect", async () => {
    const owner = await ctx.registerUser();
    const body = {
      personalDetails: { firstName: 'Ewa', lastName: 'Exact', gender: 'female', dateOfBirth: '1990-01-02', email: null, phone: null },
      address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' },
    };
    const res = await ctx.context.request.post('/api/backend/patient/?userAsPatient=false', {
      data: body,
      headers: { Authorization: `Bearer ${owner.token}` },
      maxRedirects: 0,
    });
    assert.ok(res.status() === 200 || res.status() === 201, `POST patient/?userAsPatient=false answered ${res.status()}`);
    assert.equal(((await res.json()) as { personalDetails: { firstName: string } }).personalDetails.firstName, 'Ewa');
    const page308 = await ctx.context.request.get('/login/', { maxRedirects: 0 });
    assert.equal(page308.status(), 308);
    assert.equal(page308.headers().location, '/login');
    const api308 = await ctx.context.request.get('/api/backend/laboratories/', { maxRedirects: 0 });
    assert.equal(api308.status(), 308);
  });

  // A fresh account signed in through the form, so this browser holds the refresh cookie.
  const owner = await ctx.registerUser({ firstName: 'Marta', lastName: 'Sesja' });
  await ctx.step('an expired bearer token is renewed through the refresh cookie', async () => {
    await signOut(ctx);
    await logIn(page, owner.email, owner.password);
    await page.waitForURL((u) => u.pathname === '/');
    // The stored token no longer works (as after its 15 minutes): the first call answers 401, the
    // client refreshes with the HttpOnly cookie and repeats the call.
    await page.evaluate(() => window.localStorage.setItem('labShop.token', 'expired-token'));
    await page.goto('/settings');
    await page.getByRole('form', { name: 'Personal details' }).getByLabel('First name').waitFor();
    assert.equal(await page.getByRole('form', { name: 'Personal details' }).getByLabel('First name').inputValue(), 'Marta');
    const renewed = await page.evaluate(() => window.localStorage.getItem('labShop.token'));
    assert.ok(renewed && renewed !== 'expired-token', 'the client stored a renewed token');
    // The script of the page cannot read the refresh cookie.
    assert.doesNotMatch(await page.evaluate(() => document.cookie), /labShop\.refresh/);
  });

  await ctx.step('settings list the signed-in sessions; signing out another browser ends it there', async () => {
    const browser = ctx.context.browser();
    assert.ok(browser, 'the journey runs in a browser');
    const second = await browser.newContext({ baseURL: ctx.baseUrl });
    try {
      await second.addCookies([{ name: 'acceptCookie', value: 'true', url: ctx.baseUrl }, { name: 'labShop.lab', value: labs[0]!.id, url: ctx.baseUrl }]);
      await second.addInitScript((lab) => window.localStorage.setItem('labShop.activeLaboratoryId', lab), labs[0]!.id);
      const other = await second.newPage();
      waitForHydrationOnLoad(other);
      await logIn(other, owner.email, owner.password);
      await other.waitForURL((u) => u.pathname === '/');

      await page.goto('/settings');
      const list = page.getByRole('list', { name: 'Signed-in sessions' });
      await list.waitFor();
      // The registration (through the API) and the two browsers.
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Signed-in sessions"] li').length === 3);
      assert.equal(await list.getByText('This device').count(), 1);
      await ctx.shot('sessions');

      await other.goto('/settings');
      await other.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device').waitFor();

      // Sign out the second browser from the first: not this device, and not the registration's
      // session (made through the API, no browser).
      const target = list.getByRole('listitem').filter({ hasNotText: 'This device' }).filter({ hasNotText: 'Unknown browser' });
      assert.equal(await target.count(), 1);
      await target.getByRole('button', { name: /^Sign out/ }).click();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Signed-in sessions"] li').length === 2);

      // In the second browser the next call is refused and the refresh too: it is signed out.
      await other.reload();
      await other.waitForFunction(() => window.localStorage.getItem('labShop.token') === null);
      await other.goto('/settings');
      await other.getByText('Log in to change your settings').waitFor();
    } finally {
      await second.close();
    }
  });

  await ctx.step('settings: choose by event how to hear about the visit and the results; a critical result is always mailed', async () => {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Notifications' });
    const resultsByMail = section.getByRole('group', { name: 'Your results are ready' }).getByRole('switch', { name: 'E-mail' });
    await resultsByMail.waitFor();
    assert.equal(await resultsByMail.isChecked(), true, 'every channel starts on');
    const criticalByMail = section.getByRole('group', { name: 'A result needs urgent attention' }).getByRole('switch', { name: 'E-mail (always)' });
    assert.equal(await criticalByMail.isChecked(), true);
    assert.equal(await criticalByMail.isDisabled(), true, 'a critical result is always mailed');
    await section.getByText("Notifications never contain a test's name, a value or anyone's name").waitFor();
    await resultsByMail.click();
    await page.getByText('Notification settings saved').waitFor();
    await ctx.shot('notifications');
    await page.reload();
    await section.getByRole('group', { name: 'Your results are ready' }).getByRole('switch', { name: 'E-mail' }).waitFor();
    assert.equal(await section.getByRole('group', { name: 'Your results are ready' }).getByRole('switch', { name: 'E-mail' }).isChecked(), false, 'the choice is kept');
  });

  await ctx.step('download all my data as one file', async () => {
    await page.goto('/settings');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    assert.match(download.suggestedFilename(), /\.json$/);
    const file = await download.path();
    assert.ok(file, 'the download was saved');
    const archive = JSON.parse(await readFile(file, 'utf8')) as { format: string; profile: { email: string } };
    assert.equal(archive.format, 'lab-shop-account-export/2');
    assert.equal(archive.profile.email, owner.email);
  });

  await ctx.step('delete the account: signed out, and the password no longer signs in', async () => {
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(owner.password);
    await ctx.shot('delete-account');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForFunction(() => window.localStorage.getItem('labShop.token') === null);
    await logIn(page, owner.email, owner.password);
    await page.getByText('Wrong e-mail or password').waitFor();
  });

  // Expected answers: 401 for the wrong passwords, 404 for the other user's patient.
  ctx.expectNoConsoleErrors([/status of 401 \(Unauthorized\)/, /status of 404 \(Not Found\)/]);
});
