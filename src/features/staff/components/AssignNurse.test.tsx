import { screen, within } from '@testing-library/react';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import type { StaffMemberDto, StaffOrderDetailDto } from '@/shared/types/results';
import { AssignNurse } from './AssignNurse';

/** The nurse picker names nurses as staff know them: the display name, or the e-mail of a nurse nobody named (never two "Nurse Staff"). */
const member = (id: number, email: string, displayName: string | null): StaffMemberDto => ({ id, firstName: 'Nurse', lastName: 'Staff', email, displayName });
const order = {
  id: 12,
  status: 'visit_confirmed',
  nurse: null,
  notAtHome: null,
  visit: { slotId: 3, start: '2026-12-01T07:00:00.000Z', end: '2026-12-01T09:00:00.000Z', timeZone: 'Europe/Warsaw' },
} as unknown as StaffOrderDetailDto;

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
});

it('lists the nurses by their display names, a nurse without one by e-mail', async () => {
  backend = fakeBackend({ 'GET staff/nurses': [200, [member(1, 'anna@lab.test', 'Anna Nowak'), member(2, 'new@lab.test', null), member(3, 'zofia@lab.test', 'Zofia Wiśniewska')]] });
  renderApp(<AssignNurse order={order} />);
  const picker = await screen.findByRole('combobox', { name: 'Assign a nurse' });
  expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['No nurse', 'Anna Nowak', 'new@lab.test', 'Zofia Wiśniewska']);
});

it('says who makes the visit once the order is past it', () => {
  renderApp(<AssignNurse order={{ ...order, status: 'sample_collected', nurse: member(1, 'anna@lab.test', 'Anna Nowak') }} />);
  expect(screen.getByText(/Anna Nowak/)).toBeInTheDocument();
  expect(screen.queryByText(/Nurse Staff/)).not.toBeInTheDocument();
});
