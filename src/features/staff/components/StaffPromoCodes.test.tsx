import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { StaffPromoCodeDto } from '@/shared/types/results';
import { StaffPromoCodes } from './StaffPromoCodes';

const existing: StaffPromoCodeDto = {
  id: 1,
  code: 'SPRING',
  laboratoryId: 'warsaw-mokotow',
  kind: 'amount',
  percent: null,
  amount: 15,
  minOrder: 100,
  currency: 'PLN',
  validFrom: null,
  validTo: null,
  maxUses: 10,
  perUser: null,
  usedCount: 3,
  orderCount: 3,
  discountGiven: 45,
  createdAt: '2026-11-01T10:00:00.000Z',
};

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
});

it('lists the codes with their use and creates one, showing the field the server refuses', async () => {
  let attempt = 0;
  backend = fakeBackend({
    'GET staff/promo-codes': [200, [existing]],
    'POST staff/promo-codes': (req) => {
      attempt += 1;
      if (attempt === 1) return [400, { error: 'The percent is a whole number from 1 to 100', code: 'validation_failed', fields: { percent: 'Whole number from 1 to 100' } }];
      return [201, { ...existing, id: 2, code: 'AUTUMN', kind: 'percent', percent: (req.body as { percent: number }).percent, amount: null, usedCount: 0, orderCount: 0, discountGiven: 0 }];
    },
  });
  const user = userEvent.setup();
  const router = testRouter('/staff');
  renderApp(<StaffPromoCodes />, { router });
  const list = await screen.findByRole('list', { name: 'Promo codes of your laboratory' });
  expect(within(list).getByText(/used 3 of 10/)).toBeInTheDocument();
  expect(within(list).getByText(/3 orders here, 45 PLN off/)).toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'New promo code' });
  await user.type(within(form).getByRole('textbox', { name: 'Code' }), 'autumn');
  await user.type(within(form).getByRole('textbox', { name: 'Percent (1-100)' }), '150');
  await user.click(within(form).getByRole('button', { name: 'Create the code' }));
  expect(await within(form).findByText('Whole number from 1 to 100')).toBeInTheDocument();
  await user.clear(within(form).getByRole('textbox', { name: 'Percent (1-100)' }));
  await user.type(within(form).getByRole('textbox', { name: 'Percent (1-100)' }), '10');
  await user.type(within(form).getByRole('textbox', { name: 'Total uses (optional)' }), '50');
  await user.click(within(form).getByRole('button', { name: 'Create the code' }));
  expect(await screen.findByText('Promo code AUTUMN created.')).toBeInTheDocument();
  expect(backend.calls('POST staff/promo-codes')[1]?.body).toEqual({ code: 'autumn', percent: 10, maxUses: 50 });
  expect(within(list).getByText(/AUTUMN · 10%/)).toBeInTheDocument();
});

it('a refused code is worded in the page language: the field under it and the reason above, never the server’s English', async () => {
  backend = fakeBackend({
    'GET staff/promo-codes': [200, []],
    'POST staff/promo-codes': [409, { error: 'The promo code AUTUMN exists already', code: 'conflict', fields: { code: 'Exists already' } }],
  });
  const user = userEvent.setup();
  renderApp(<StaffPromoCodes />, { router: testRouter('/staff'), language: 'pl' });
  const form = await screen.findByRole('form', { name: 'Nowy kod rabatowy' });
  await user.type(within(form).getByRole('textbox', { name: 'Kod' }), 'autumn');
  await user.type(within(form).getByRole('textbox', { name: /^Procent/ }), '10');
  await user.click(within(form).getByRole('button', { name: /^Utwórz/ }));
  expect(await within(form).findByText('Taki kod już istnieje')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Taki kod już istnieje');
  expect(screen.queryByText(/exists already/i)).not.toBeInTheDocument();
});
