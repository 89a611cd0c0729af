import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { StaffOrderDetailDto } from '@/shared/types/results';
import { staffSaga } from '../staffSaga';
import { StaffOrderPage } from './StaffOrderPage';

const order: StaffOrderDetailDto = {
  id: 12,
  number: 'LS-000012',
  status: 'in_lab',
  createdAt: '2026-11-20T10:00:00.000Z',
  visit: { slotId: 3, start: '2026-11-24T07:00:00.000Z', end: '2026-11-24T09:00:00.000Z', timeZone: 'Europe/Warsaw' },
  address: { country: 'PL', city: 'Warszawa', postalCode: '00-120', street: 'Prosta 5', entry: '', floor: '2', apartment: '7', intercomCode: '', notes: '' },
  contactPhone: '+48 600 100 200',
  customer: { firstName: 'Łucja', lastName: 'Żółć', email: 'lucja@example.test' },
  patients: [
    {
      id: 7,
      firstName: 'Ирина',
      lastName: 'Wąsowska',
      dateOfBirth: '1984-04-12',
      gender: 'female',
      analyses: [
        { analysisId: 5, code: 'GB004', name: 'Glucose (fasting)', defaultUnit: 'mmol/L', defaultRefLow: 3.9, defaultRefHigh: 5.6, defaultRefText: '', criticalLow: 2.5, criticalHigh: 25, loinc: '14771-0', result: null },
        { analysisId: 6, code: 'HR001', name: 'TSH', defaultUnit: 'mIU/L', defaultRefLow: 0.4, defaultRefHigh: 4, defaultRefText: '', criticalLow: null, criticalHigh: null, loinc: '3016-3', result: null },
      ],
    },
  ],
  analysisCount: 2,
  resultCount: 0,
  nurse: null,
  notAtHome: null,
  events: [{ status: 'placed', at: '2026-11-20T10:00:00.000Z', note: '', actor: 'patient' }],
  nextStatuses: ['cancelled'],
  canEnterResults: true,
};

const staffUser = { id: 2, username: 's@lab.test', firstName: 'Lab', lastName: 'Staff', email: 's@lab.test', emailConfirmed: true, phone: null, dateOfBirth: null, role: 'staff' as const };

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function render(role: 'staff' | 'patient') {
  writeStorage('token', 'tok-1');
  const router = testRouter('/staff/orders/[orderId]', { orderId: '12' });
  const app = renderApp(<StaffOrderPage />, { router, saga: staffSaga });
  act(() => {
    app.store.dispatch(loggedIn());
    app.store.dispatch(currentUserReceived({ ...staffUser, role }));
  });
  return app;
}

describe('/staff/orders/{orderId}', () => {
  it('prefills the patient\'s interval, previews the flag (critical from the critical limits) and saves the entered values', async () => {
    let saved: unknown = null;
    backend = fakeBackend({
      'GET staff/orders/12': [200, order],
      'PUT staff/orders/12/results': (req) => {
        saved = req.body;
        return [200, { ...order, status: 'partial_results', resultCount: 1 }];
      },
    });
    const user = userEvent.setup();
    render('staff');
    const glucose = await screen.findByTestId('result-row-GB004');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order LS-000012');
    expect(within(glucose).getByLabelText('Lower limit')).toHaveValue('3.9');
    expect(within(glucose).getByLabelText('Unit')).toHaveValue('mmol/L');
    await user.type(within(glucose).getByLabelText('Value of Glucose (fasting)'), '26');
    expect(within(glucose).getByText('Critical: very high')).toBeInTheDocument();
    await user.clear(within(glucose).getByLabelText('Value of Glucose (fasting)'));
    await user.type(within(glucose).getByLabelText('Value of Glucose (fasting)'), '7,4');
    expect(within(glucose).getByText('High')).toBeInTheDocument();
    // The label moves up above an entered value instead of being drawn over it.
    await user.tab();
    const valueLabel = within(glucose).getByText('Value of Glucose (fasting)', { selector: 'label' });
    expect(valueLabel).toHaveAttribute('data-shrink', 'true');
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    expect(await screen.findByText(/Results saved/)).toBeInTheDocument();
    // The interval is the server's choice: an unchanged range is not sent.
    expect(saved).toEqual({ entries: [{ patientId: 7, analysisId: 5, value: 7.4, unit: 'mmol/L', comment: '' }] });
  });

  it('a different range asks for a reason and sends it with the range', async () => {
    let saved: unknown = null;
    backend = fakeBackend({
      'GET staff/orders/12': [200, order],
      'PUT staff/orders/12/results': (req) => {
        saved = req.body;
        return [200, order];
      },
    });
    const user = userEvent.setup();
    render('staff');
    const tsh = await screen.findByTestId('result-row-HR001');
    await user.type(within(tsh).getByLabelText('Value of TSH'), '4.5');
    await user.clear(within(tsh).getByLabelText('Upper limit'));
    await user.type(within(tsh).getByLabelText('Upper limit'), '5');
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    expect(await within(tsh).findByRole('alert')).toHaveTextContent('Give a reason for changing the reference range');
    expect(backend.calls('PUT staff/orders/12/results')).toHaveLength(0);
    await user.type(within(tsh).getByLabelText(/Reason for a different range/), 'Analyser method range');
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    await waitFor(() => expect(saved).toEqual({ entries: [{ patientId: 7, analysisId: 6, value: 4.5, unit: 'mIU/L', refLow: 0.4, refHigh: 5, rangeReason: 'Analyser method range', comment: '' }] }));
  });

  it('refuses a reversed range before sending', async () => {
    backend = fakeBackend({ 'GET staff/orders/12': [200, order] });
    const user = userEvent.setup();
    render('staff');
    const tsh = await screen.findByTestId('result-row-HR001');
    await user.type(within(tsh).getByLabelText('Value of TSH'), '2');
    await user.clear(within(tsh).getByLabelText('Lower limit'));
    await user.type(within(tsh).getByLabelText('Lower limit'), '9');
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    expect(await within(tsh).findByRole('alert')).toHaveTextContent('The lower limit must not exceed the upper limit.');
    expect(backend.calls('PUT staff/orders/12/results')).toHaveLength(0);
  });

  it('refuses text for a numeric analysis before sending', async () => {
    backend = fakeBackend({ 'GET staff/orders/12': [200, order] });
    const user = userEvent.setup();
    render('staff');
    const glucose = await screen.findByTestId('result-row-GB004');
    await user.type(within(glucose).getByLabelText('Value of Glucose (fasting)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    expect(await within(glucose).findByRole('alert')).toHaveTextContent('Enter a number, such as 5.4, 5,4 or <0.01');
    expect(backend.calls('PUT staff/orders/12/results')).toHaveLength(0);
  });

  it('a correction still waiting for its reason does not hold back the other results', async () => {
    let saved: unknown = null;
    const savedGlucose = {
      id: 1, analysisId: 5, analysisCode: 'GB004', analysisName: 'Glucose (fasting)', value: 5, unit: 'mmol/L', refLow: 3.9, refHigh: 5.6, refText: '',
      flag: 'normal' as const, interpretation: 'N' as const, critical: false, rangeSource: 'catalogue' as const, rangeReason: '', loinc: null, comment: '', enteredAt: '2026-11-24T10:00:00.000Z',
    };
    const withResult = { ...order, patients: order.patients.map((p) => ({ ...p, analyses: p.analyses.map((a) => (a.analysisId === 5 ? { ...a, result: savedGlucose } : a)) })) };
    backend = fakeBackend({
      'GET staff/orders/12': [200, withResult],
      'PUT staff/orders/12/results': (req) => {
        saved = req.body;
        return [200, withResult];
      },
    });
    const user = userEvent.setup();
    render('staff');
    const glucose = await screen.findByTestId('result-row-GB004');
    await user.clear(within(glucose).getByLabelText('Value of Glucose (fasting)'));
    await user.type(within(glucose).getByLabelText('Value of Glucose (fasting)'), '6');
    await user.type(within(await screen.findByTestId('result-row-HR001')).getByLabelText('Value of TSH'), '2');
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    await waitFor(() => expect(saved).toEqual({ entries: [{ patientId: 7, analysisId: 6, value: 2, unit: 'mIU/L', comment: '' }] }));
    expect(within(glucose).getByRole('alert')).toHaveTextContent('Give a reason for correcting this result');
  });

  it('a value ticked preliminary is sent as preliminary; unticking a saved preliminary value makes it final', async () => {
    const bodies: unknown[] = [];
    const savedGlucose = {
      id: 1, analysisId: 5, analysisCode: 'GB004', analysisName: 'Glucose (fasting)', value: 5, unit: 'mmol/L', refLow: 3.9, refHigh: 5.6, refText: '',
      flag: 'normal' as const, interpretation: 'N' as const, critical: false, rangeSource: 'catalogue' as const, rangeReason: '', loinc: null, comment: '', enteredAt: '2026-11-24T10:00:00.000Z', preliminary: true,
    };
    const withResult = { ...order, patients: order.patients.map((p) => ({ ...p, analyses: p.analyses.map((a) => (a.analysisId === 5 ? { ...a, result: savedGlucose } : a)) })) };
    backend = fakeBackend({
      'GET staff/orders/12': [200, withResult],
      'PUT staff/orders/12/results': (req) => {
        bodies.push(req.body);
        return [200, withResult];
      },
    });
    const user = userEvent.setup();
    render('staff');
    const tsh = await screen.findByTestId('result-row-HR001');
    const glucose = screen.getByTestId('result-row-GB004');
    const tshPreliminary = within(tsh).getByRole('checkbox', { name: /^Preliminary/ });
    expect(tshPreliminary).not.toBeChecked();
    expect(within(glucose).getByRole('checkbox', { name: /^Preliminary/ })).toBeChecked();
    await user.type(within(tsh).getByLabelText('Value of TSH'), '2');
    await user.click(tshPreliminary);
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    // The saved preliminary glucose stays preliminary when saved again.
    await waitFor(() =>
      expect(bodies[0]).toEqual({
        entries: [
          { patientId: 7, analysisId: 5, value: 5, unit: 'mmol/L', comment: '', preliminary: true },
          { patientId: 7, analysisId: 6, value: 2, unit: 'mIU/L', comment: '', preliminary: true },
        ],
      }),
    );
    await user.click(within(glucose).getByRole('checkbox', { name: /^Preliminary/ }));
    await user.click(tshPreliminary);
    await user.click(screen.getByRole('button', { name: 'Save results of Ирина' }));
    // Final now: no correction reason is asked for the same value.
    await waitFor(() =>
      expect(bodies[1]).toEqual({
        entries: [
          { patientId: 7, analysisId: 5, value: 5, unit: 'mmol/L', comment: '', preliminary: false },
          { patientId: 7, analysisId: 6, value: 2, unit: 'mIU/L', comment: '' },
        ],
      }),
    );
  });

  it('is not for patients', async () => {
    backend = fakeBackend({ 'GET staff/orders/12': [403, { error: 'Staff only' }] });
    render('patient');
    expect(await screen.findByText('This page is for laboratory staff')).toBeInTheDocument();
    expect(backend.calls('GET staff/orders/12')).toHaveLength(0);
  });
});
