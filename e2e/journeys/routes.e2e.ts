import assert from 'node:assert/strict';
import { journey } from '../lib/journey';
import { signInNewStaff } from '../lib/orderSetup';
import { CATEGORY_SLUGS } from '../../src/lib/config';
import type { LaboratoryDto, PatientDto } from '@/shared/types/api';

/**
 * Every page of the route table that a visitor, a signed-in patient, staff or a nurse can open by address, checked
 * by axe on its own (the other journeys check the pages they pass through on the way); on the phone
 * every control that is not a link inside a sentence is at least 44x44 px.
 */
const DOCUMENTS = ['cookie-policy', 'home-visit-rules', 'privacy-policy', 'terms-of-service'];

export default journey('every page of the route table opens without an accessibility violation, as a visitor, signed in, as staff and as a nurse', {}, async (ctx) => {
  const { page } = ctx;
  const lab = await ctx.step('the demo laboratories and catalogue answer', async () => {
    const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
    assert.ok(labs[0], 'a demo laboratory');
    return labs[0];
  });
  const catalogue = (await ctx.api('GET', `/api/backend/labService?laboratoryId=${lab.id}`)).body as { id: number }[];
  const profiles = (await ctx.api('GET', `/api/backend/profiles?laboratoryId=${lab.id}`)).body as { id: number }[];
  assert.ok(catalogue[0] && profiles[0], 'an analysis and a profile');
  await ctx.prepare({ acceptCookies: true, laboratoryId: lab.id });

  const visit = async (path: string, name: string) => {
    await ctx.step(`${name}: ${path}`, async () => {
      const res = await page.goto(path);
      assert.ok(res && res.status() < 500, `${path} answered ${res?.status()}`);
      await page.waitForLoadState('networkidle');
      await page.locator('main, [role="main"], h1').first().waitFor();
      if (ctx.viewport === 'phone') {
        const small = await page.evaluate(() => {
          const out: string[] = [];
          // Every visible control, as '<tag>[<name>] <width>x<height>'.
          for (const el of Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], [role="radio"], [role="checkbox"], [role="tab"], [role="menuitem"], [tabindex="0"]'))) {
            if (el.getBoundingClientRect().width === 0) continue;
            // A radio or checkbox inside its label is activated by the whole label: that is its target.
            const wrapping = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') : null;
            const r = (wrapping ?? el).getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            const st = getComputedStyle(el);
            if (st.visibility === 'hidden' || st.opacity === '0') continue;
            const inline = el.tagName === 'A' && st.display === 'inline';
            if (r.width < 44 || r.height < 44) out.push(`${inline ? 'INLINE ' : ''}${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || '').trim().slice(0, 40)}] ${Math.round(r.width)}x${Math.round(r.height)}`);
          }
          return out;
        });
        // Links inside a sentence are exempt (WCAG 2.5.8 inline exception); every other control is 44x44 on a phone.
        assert.deepEqual(small.filter((s) => !s.startsWith('INLINE ')), [], `touch targets under 44x44 px on ${path}`);
      }
    });
  };

  const visitorPages: [string, string][] = [
    ['/', 'home'],
    ['/search?q=tsh', 'search'],
    [`/search/analysis/${catalogue[0].id}`, 'analysis card'],
    ['/profiles', 'profiles'],
    [`/profiles/${profiles[0].id}`, 'profile card'],
    ...CATEGORY_SLUGS.map((s): [string, string] => [`/categories/${s}`, 'category']),
    ['/articles/getting-ready-for-analyses', 'article'],
    ['/documents', 'documents'],
    ...DOCUMENTS.map((d): [string, string] => [`/documents/${d}`, 'document']),
    ['/support', 'support'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/reset-password', 'reset password'],
    ['/confirm-email', 'confirm e-mail'],
    ['/order/cart', 'cart (visitor)'],
    ['/order/paste', "doctor's list (visitor)"],
    ['/patient-invite?token=no-such-invite', 'record invite (unknown link)'],
    ['/accessibility', 'accessibility statement'],
    ['/patients', 'patients (visitor)'],
    ['/orders', 'orders (visitor)'],
    ['/test-results', 'test results (visitor)'],
    ['/no-such-page', 'not found'],
  ];
  for (const [path, name] of visitorPages) await visit(path, name);

  const user = await ctx.registerUser();
  const created = await ctx.api(
    'POST',
    '/api/backend/patient/?userAsPatient=false',
    {
      personalDetails: { firstName: 'Anna', lastName: 'Nowak', gender: 'female', dateOfBirth: '1990-05-01', email: null, phone: null },
      address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' },
    },
    user.token,
  );
  assert.ok(created.status < 300, `patient: ${JSON.stringify(created.body)}`);
  const patient = created.body as PatientDto;
  await ctx.prepare({ token: user.token });
  const signedInPages: [string, string][] = [
    ['/', 'home (signed in)'],
    ['/settings', 'settings'],
    ['/patients', 'patients'],
    ['/patients/create', 'new patient'],
    [`/patients/edit/${patient.id}`, 'edit patient'],
    ['/order/cart', 'empty cart'],
    ['/order/paste', "doctor's list"],
    ['/orders', 'orders (none yet)'],
    ['/test-results', 'test results (none yet)'],
    [`/add-to-cart/analysis/${catalogue[0].id}`, 'add to cart'],
  ];
  for (const [path, name] of signedInPages) await visit(path, name);

  // The laboratory's pages: the console, the visits of the day, the audit trail, sign-in security, barrier reports, money and background jobs as staff, and the nurse's day.
  const stamp = `${ctx.viewport}-${Date.now()}`;
  await ctx.prepare({ token: await signInNewStaff(ctx, `routes-staff-${stamp}@example.test`, lab.id) });
  await visit('/staff', 'staff console');
  await visit('/staff/visits', 'visits of the day (staff)');
  await visit('/staff/audit', "the laboratory's audit trail");
  await page.getByRole('table', { name: 'Audit trail' }).getByText('Role changed').first().waitFor();
  await visit('/staff/security-events', "the laboratory's sign-in security");
  await visit('/staff/barrier-reports', "the laboratory's accessibility barrier reports");
  await visit('/staff/money', "the laboratory's money");
  await visit('/staff/background', 'background jobs');
  await ctx.prepare({ token: await signInNewStaff(ctx, `routes-nurse-${stamp}@example.test`, lab.id, 'nurse') });
  await visit('/staff/visits', "the nurse's day");
});
