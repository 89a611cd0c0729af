import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { NurseVisitDto, NurseVisitStateDto, NurseVisitsDto } from '@/shared/types/results';
import { NurseVisitsPage, mapSearchUrl } from './NurseVisitsPage';

const visit: NurseVisitDto = {
  orderId: 12,
  number: 'LS-000012',
  status: 'visit_confirmed',
  visit: { slotId: 3, start: '2026-12-01T07:00:00.000Z', end: '2026-12-01T09:00:00.000Z', timeZone: 'Europe/Warsaw' },
  address: { country: 'PL', city: 'Warszawa', postalCode: '02-715', street: 'Puławska 145', entry: '2', floor: '4', apartment: '17', intercomCode: '17K', notes: 'Dog behind the door' },
  phone: '+48 600 100 200',
  customer: { firstName: 'Anna', lastName: 'Nowak' },
  patients: [
    { id: 7, firstName: 'Ирина', lastName: 'Wąsowska', dateOfBirth: '1984-04-12', gender: 'female', analyses: [{ code: 'GB004', name: 'Glucose (fasting)' }], materials: [{ name: 'Venous blood collection kit', count: 1 }] },
    { id: 8, firstName: 'Jan', lastName: 'Nowak', dateOfBirth: '2015-01-10', gender: 'male', analyses: [{ code: 'HR001', name: 'TSH' }], materials: [{ name: 'Venous blood collection kit', count: 1 }] },
  ],
  materials: [{ name: 'Venous blood collection kit', count: 2 }],
  nurse: { id: 5, firstName: 'Nina', lastName: 'Staff', email: 'n@lab.test', displayName: 'Nina Staff' },
  notAtHome: null,
  canMarkCollected: true,
  visitState: 'nurse_assigned',
  arrivalWindow: null,
  canMarkNotAtHome: true,
  visitDay: 'today',
  payment: { method: 'on_visit', status: 'on_visit', amountMinor: 12415, currency: 'PLN', collected: null, canRecord: true },
};
const day: NurseVisitsDto = { day: '2026-12-01', timeZone: 'Europe/Warsaw', visits: [visit] };
const nurse = { id: 5, username: 'n@lab.test', firstName: 'Nina', lastName: 'Staff', email: 'n@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const, staffRole: 'nurse' as const };

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function render(language: 'en' | 'ru' | 'pl' = 'en') {
  writeStorage('token', 'tok-1');
  const router = testRouter('/staff/visits', { day: '2026-12-01' });
  const app = renderApp(<NurseVisitsPage />, { router, language });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived(nurse));
  });
  return app;
}

describe('/staff/visits', () => {
  it("shows the day's visit with what the nurse needs at the door, in the laboratory's time zone", async () => {
    backend = fakeBackend({ 'GET staff/visits': [200, day] });
    render();
    const list = await screen.findByRole('list', { name: 'Visits on 2026-12-01' });
    const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(card).getByRole('heading', { name: '08:00–10:00' })).toBeInTheDocument();
    expect(within(card).getByText('Intercom: 17K')).toBeInTheDocument();
    expect(within(card).getByText('Floor: 4')).toBeInTheDocument();
    expect(within(card).getByText('Notes: Dog behind the door')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Call +48 600 100 200' })).toHaveAttribute('href', 'tel:+48600100200');
    expect(within(card).getByRole('link', { name: /^Open the map: .*OpenStreetMap/ })).toHaveAttribute('href', mapSearchUrl(visit.address));
    expect(within(card).getByTestId('visit-materials')).toHaveTextContent('Venous blood collection kit × 2');
  });

  it.each([
    ['en', 'Puławska 145, apt. 17', 'Times in Warsaw time'],
    ['ru', 'Puławska 145, кв. 17', 'Часовой пояс: время Варшавы'],
    ['pl', 'Puławska 145, m. 17', 'Strefa czasowa: czas warszawski'],
  ] as const)('%s: the apartment in lower case after the street, and the laboratory\'s zone named once for the day', async (language, place, zoneLine) => {
    backend = fakeBackend({ 'GET staff/visits': [200, day] });
    render(language);
    const card = (await screen.findByRole('heading', { name: '08:00–10:00' })).closest('li') as HTMLElement;
    expect(within(card).getByText(place)).toBeInTheDocument();
    expect(screen.getByTestId('lab-zone-note')).toHaveTextContent(new RegExp(`^${zoneLine}$`));
    expect(screen.getAllByTestId('lab-zone-note')).toHaveLength(1);
  });

  it('marks a second draw as such, with the butterfly needle when the first sample haemolysed, clotted or was too little', async () => {
    const redraw = { ...visit, orderId: 2, number: 'LS-2', redraw: { reasons: ['RH' as const], butterfly: true } };
    const plain = { ...visit, orderId: 3, number: 'LS-3', redraw: { reasons: ['RM' as const], butterfly: false } };
    backend = fakeBackend({ 'GET staff/visits': [200, { ...day, visits: [visit, redraw, plain] }] });
    render();
    const list = await screen.findByRole('list', { name: 'Visits on 2026-12-01' });
    const notes = within(list).getAllByTestId('visit-redraw');
    expect(notes.map((n) => n.textContent)).toEqual([
      'Second draw: the first sample could not be tested. Use a butterfly needle.',
      'Second draw: the first sample could not be tested.',
    ]);
  });

  it('marks samples collected, and not at home only with a note', async () => {
    backend = fakeBackend({
      'GET staff/visits': [200, day],
      'POST staff/orders/12/status': [200, {}],
      'POST staff/visits/12/not-at-home': (req) => [200, { ...visit, notAtHome: { at: '2026-12-01T07:20:00.000Z', note: (req.body as { note: string }).note } }],
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Visits on 2026-12-01' });
    await user.click(screen.getByRole('button', { name: 'Mark order LS-000012: not at home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nobody at home?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(backend.calls('POST staff/visits/12/not-at-home')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Note'), 'Rang twice');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not at home (08:20): Rang twice')).toBeInTheDocument();
    expect(backend.calls('POST staff/visits/12/not-at-home')[0]?.body).toEqual({ note: 'Rang twice' });

    await user.click(await screen.findByRole('button', { name: 'Mark order LS-000012: samples collected' }));
    expect(await screen.findByText('Order LS-000012: samples collected.')).toBeInTheDocument();
    expect(backend.calls('POST staff/orders/12/status')[0]?.body).toEqual({ status: 'sample_collected' });
    expect(screen.queryByRole('button', { name: /samples collected$/ })).not.toBeInTheDocument();
  });

  it("names the materials and analyses in the nurse's language, from the catalogue's translations", async () => {
    const kit = { name: 'Venous blood collection kit', i18n: { ru: { name: 'Набор для взятия венозной крови' }, pl: { name: 'Zestaw do pobrania krwi żylnej' } } };
    const translated: NurseVisitDto = {
      ...visit,
      patients: visit.patients.map((p) => ({ ...p, analyses: p.analyses.map((a) => (a.code === 'HR001' ? { ...a, i18n: { ru: { name: 'ТТГ' } } } : a)), materials: [{ ...kit, count: 1 }] })),
      materials: [{ ...kit, count: 2 }],
    };
    backend = fakeBackend({ 'GET staff/visits': [200, { ...day, visits: [translated] }] });
    const { unmount } = render('ru');
    let materials = await screen.findByTestId('visit-materials');
    expect(materials).toHaveTextContent('Набор для взятия венозной крови × 2');
    expect(screen.getByText(/ТТГ/)).toBeInTheDocument();
    // No translation of an item: its catalogue name.
    expect(screen.getByText(/Glucose \(fasting\)/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Venous blood collection kit');
    unmount();
    render('pl');
    materials = await screen.findByTestId('visit-materials');
    expect(materials).toHaveTextContent('Zestaw do pobrania krwi żylnej × 2');
    expect(document.body).not.toHaveTextContent('Venous blood collection kit');
  });

  it('shows the steps of a visit on another day closed, saying when they open, and sends nothing', async () => {
    const ahead: NurseVisitDto = { ...visit, visitDay: 'ahead' };
    const past: NurseVisitDto = { ...visit, orderId: 13, number: 'LS-000013', visitDay: 'past' };
    backend = fakeBackend({ 'GET staff/visits': [200, { ...day, visits: [ahead, past] }] });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Visits on 2026-12-01' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    for (const name of ['On my way', 'I have arrived', 'Mark order LS-000012: samples collected', 'Mark order LS-000012: not at home']) {
      const button = within(first).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Available on the visit day.');
    }
    expect(screen.getByRole('button', { name: 'Mark order LS-000013: samples collected' })).toHaveAccessibleDescription("The visit's day has passed: the laboratory records what happened.");
    await user.click(within(first).getByRole('button', { name: 'I have arrived' })).catch(() => undefined);
    expect(backend.calls('POST staff/visits/12/state')).toHaveLength(0);
  });

  it("says a refused step by its code in the nurse's language", async () => {
    backend = fakeBackend({
      'GET staff/visits': [200, day],
      'POST staff/visits/12/state': [409, { error: 'The server’s sentence', code: 'visit_arrived_not_visit_day' }],
      'POST staff/orders/12/status': [409, { error: 'The server’s sentence', code: 'visit_collected_not_visit_day' }],
    });
    const user = userEvent.setup();
    render('pl');
    await screen.findByTestId('visit-steps');
    await user.click(screen.getByRole('button', { name: 'Jestem na miejscu' }));
    expect(await screen.findByText('„Jestem na miejscu” można zaznaczyć tylko w dniu wizyty.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /próbki pobrane$/i }));
    expect(await screen.findByText(/„Próbki pobrane” można zaznaczyć tylko w dniu wizyty\./)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('The server’s sentence');
  });

  describe('"On my way" asks for the expected arrival on the laboratory\'s clock', () => {
    // The laboratory is in Warsaw, where it is 07:40; the test process runs on another clock (UTC in CI).
    beforeEach(() => {
      jest.useFakeTimers({
        now: new Date('2026-12-01T06:40:00.000Z'),
        doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      });
    });
    afterEach(() => jest.useRealTimers());

    // The server's answer to `Prefer: return=minimal`: only what the step changed on the card.
    const onTheWay = (req: { body: unknown; headers: Record<string, unknown> }) => {
      const { arrivalStart, arrivalEnd } = req.body as { arrivalStart: string; arrivalEnd: string };
      const { orderId, status, visit: slot, notAtHome, canMarkCollected, canMarkNotAtHome, visitDay } = visit;
      const state: NurseVisitStateDto = { orderId, status, visit: slot, notAtHome, canMarkCollected, canMarkNotAtHome, visitDay, visitState: 'on_the_way', arrivalWindow: { start: arrivalStart, end: arrivalEnd } };
      return (req.headers.Prefer === 'return=minimal' ? [200, state] : [412, { error: 'Expected Prefer: return=minimal' }]) as [number, unknown];
    };

    it('offers now + 20 minutes as a 30-minute window in Warsaw time and sends it as instants', async () => {
      expect({ deviceHour: new Date('2026-12-01T06:40:00.000Z').getHours() }).not.toEqual({ deviceHour: 7 });
      // A window left from before a staff correction back to "nurse assigned" is not the one offered.
      const stale = { ...visit, arrivalWindow: { start: '2026-12-01T05:00:00.000Z', end: '2026-12-01T05:30:00.000Z' } };
      backend = fakeBackend({ 'GET staff/visits': [200, { ...day, visits: [stale] }], 'POST staff/visits/12/state': onTheWay });
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('button', { name: 'On my way' }));
      expect(screen.getByTestId('visit-steps')).toHaveTextContent(/^Visit: Nurse assigned(On my way|$)/);
      const dialog = await screen.findByRole('dialog', { name: 'Expected arrival' });
      expect(within(dialog).getByLabelText(/^Arriving from/)).toHaveValue('08:00');
      expect(within(dialog).getByLabelText(/^Arriving by/)).toHaveValue('08:30');
      expect(dialog).toHaveTextContent("Times on the laboratory's clock: Warsaw time.");
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(screen.getByTestId('visit-steps')).toHaveTextContent('Visit: Nurse on the way · Arriving 08:00–08:30'));
      expect(backend.calls('POST staff/visits/12/state')[0]?.body).toEqual({ state: 'on_the_way', arrivalStart: '2026-12-01T07:00:00.000Z', arrivalEnd: '2026-12-01T07:30:00.000Z' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The rest of the card is the one the day's list gave: the answer left it out, the card kept it.
      const card = within(screen.getByRole('list', { name: 'Visits on 2026-12-01' })).getAllByRole('listitem')[0] as HTMLElement;
      expect(within(card).getByText('Intercom: 17K')).toBeInTheDocument();
      expect(within(card).getByTestId('visit-materials')).toHaveTextContent('Venous blood collection kit × 2');
      expect(card).toHaveTextContent('Wąsowska');
    });

    it('refuses a window that ends before it starts or lasts over 3 hours, and sends the times typed', async () => {
      backend = fakeBackend({ 'GET staff/visits': [200, day], 'POST staff/visits/12/state': onTheWay });
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('button', { name: 'On my way' }));
      const dialog = await screen.findByRole('dialog', { name: 'Expected arrival' });
      const from = within(dialog).getByLabelText(/^Arriving from/);
      const by = within(dialog).getByLabelText(/^Arriving by/);
      fireEvent.change(by, { target: { value: '07:45' } });
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The window must end after it starts.');
      fireEvent.change(by, { target: { value: '11:30' } });
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The window can be at most 3 hours long.');
      expect(backend.calls('POST staff/visits/12/state')).toHaveLength(0);
      fireEvent.change(from, { target: { value: '08:10' } });
      fireEvent.change(by, { target: { value: '08:45' } });
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(screen.getByTestId('visit-steps')).toHaveTextContent('Visit: Nurse on the way · Arriving 08:10–08:45'));
      expect(backend.calls('POST staff/visits/12/state')[0]?.body).toEqual({ state: 'on_the_way', arrivalStart: '2026-12-01T07:10:00.000Z', arrivalEnd: '2026-12-01T07:45:00.000Z' });
      // Announcing a new window starts from the one the patient was told.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'On my way' }));
      const again = await screen.findByRole('dialog', { name: 'Expected arrival' });
      expect(within(again).getByLabelText(/^Arriving from/)).toHaveValue('08:10');
      expect(within(again).getByLabelText(/^Arriving by/)).toHaveValue('08:45');
    });

    it("shows the server's refusal by its code in the dialog, which stays open", async () => {
      backend = fakeBackend({ 'GET staff/visits': [200, day], 'POST staff/visits/12/state': [409, { error: 'The server’s sentence', code: 'visit_not_visit_day' }] });
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('button', { name: 'On my way' }));
      const dialog = await screen.findByRole('dialog', { name: 'Expected arrival' });
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('"On my way" is possible only on the day of the visit.');
      expect(dialog).not.toHaveTextContent('The server’s sentence');
      expect(screen.getByTestId('visit-steps')).toHaveTextContent(/^Visit: Nurse assigned/);
    });
  });
});
