import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStorage } from '@/shared/storage';
import { loggedIn } from '@/features/auth/authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { AnalysisResultDetailDto, PatientResultsDto, TestResultSummaryDto } from '@/shared/types/results';
import { resultsSaga } from '../resultsSaga';
import { TestResultsPage } from './TestResultsPage';
import { PatientResultsPage } from './PatientResultsPage';
import { AnalysisResultPage } from './AnalysisResultPage';

const summary = (id: number, orderNumber: string, over: Partial<TestResultSummaryDto> = {}): TestResultSummaryDto => ({
  id,
  orderNumber,
  status: 'completed',
  createdAt: '2026-11-01T10:00:00.000Z',
  visit: { slotId: 1, start: '2026-11-02T08:00:00.000Z', end: '2026-11-02T09:00:00.000Z', timeZone: 'Europe/Warsaw' },
  laboratory: { id: 'waw', cityName: 'Warszawa', address: 'Prosta 1', phone: '', timeZone: 'Europe/Warsaw' },
  patientCount: 1,
  analysisCount: 2,
  resultCount: 2,
  flaggedCount: 0,
  criticalCount: 0,
  updatedAt: '2026-11-03T10:00:00.000Z',
  ...over,
});

const glucose = { id: 31, analysisId: 5, analysisCode: 'GLU', analysisName: 'Glucose', value: 7.4, unit: 'mmol/L', refLow: 3.9, refHigh: 5.6, refText: '', flag: 'high' as const, interpretation: 'H' as const, critical: false, rangeSource: 'catalogue' as const, rangeReason: '', loinc: '14771-0', comment: '', enteredAt: '2026-11-03T10:00:00.000Z' };
const tsh = { ...glucose, id: 32, analysisId: 6, analysisCode: 'TSH', analysisName: 'TSH', value: 2, unit: 'mIU/L', refLow: 0.4, refHigh: 4, flag: 'normal' as const, interpretation: 'N' as const, loinc: '3016-3' };
const patient = { id: 7, firstName: 'Łucja', lastName: 'Żółć', dateOfBirth: '1985-05-05', gender: 'female' as const };

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

function render(ui: React.ReactElement, query: Record<string, string> = {}) {
  writeStorage('token', 'tok-1');
  const router = testRouter('/test-results', query);
  const app = renderApp(ui, { router, saga: resultsSaga });
  act(() => {
    app.store.dispatch(loggedIn());
  });
  return app;
}

describe('/test-results', () => {
  it('lists result sets newest first with status and the number outside the range', async () => {
    backend = fakeBackend({
      'GET test-results': [200, [summary(9, 'LS-NEW', { status: 'partial_results', flaggedCount: 1, criticalCount: 1, resultCount: 1 }), summary(4, 'LS-OLD')]],
    });
    render(<TestResultsPage />);
    const list = await screen.findByRole('list', { name: 'Test results' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Order LS-NEW', 'Order LS-OLD']);
    expect(within(items[0] as HTMLElement).getByText('Partial results')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/1 outside the range/)).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByTestId('critical-count')).toHaveTextContent('1 critical: contact a doctor promptly');
    expect(within(items[1] as HTMLElement).getByText('Results ready')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByTestId('critical-count')).toBeNull();
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/test-results/9/patients');
  });

  it('names the patients and says when the nurse took the sample (in the laboratory\'s time), not the booked visit', async () => {
    backend = fakeBackend({
      'GET test-results': [200, [summary(9, 'LS-NEW', { patientNames: ['Łucja Żółć', 'Jan Żółć'], sampledAt: '2026-11-02T09:47:00.000Z' })]],
    });
    render(<TestResultsPage />);
    const list = await screen.findByRole('list', { name: 'Test results' });
    const item = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(item).toHaveTextContent('Łucja Żółć, Jan Żółć');
    expect(item).toHaveTextContent('Sample taken 2 Nov 2026, 10:47');
  });

  it('says what to do when there are no results yet', async () => {
    backend = fakeBackend({ 'GET test-results': [200, []] });
    render(<TestResultsPage />);
    expect(await screen.findByText('No results yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order tests' })).toHaveAttribute('href', '/search');
  });

  it('shows an error with a retry that loads again', async () => {
    let calls = 0;
    backend = fakeBackend({ 'GET test-results': () => (++calls === 1 ? [500, { error: 'Internal server error' }] : [200, [summary(4, 'LS-OLD')]]) });
    render(<TestResultsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Order LS-OLD')).toBeInTheDocument();
  });
});

describe('/test-results/{id}/patients/{patientId}', () => {
  const data: PatientResultsDto = { testResult: summary(9, 'LS-NEW', { flaggedCount: 1 }), patient, results: [glucose, tsh], pending: [{ analysisId: 8, code: 'FER', name: 'Ferritin' }] };

  it('shows values, units, ranges and flags as text; the high value is highlighted', async () => {
    backend = fakeBackend({ 'GET test-results/9/patients/7': [200, data] });
    render(<PatientResultsPage />, { testResultId: '9', patientId: '7' });
    const list = await screen.findByRole('list', { name: 'Analysis results' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-flag', 'high');
    expect(within(rows[0] as HTMLElement).getByText('7.4 mmol/L')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText(/Range 3\.9–5\.6 mmol\/L/)).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('High')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Normal')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/test-results/9/patients/7/analysis-results/31');
    expect(screen.getByText('Ferritin (FER)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Łucja Żółć');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('marks a critical result in text and colour, with a banner, and explains each analysis with the doctor reminder', async () => {
    const explanation = {
      en: { measures: 'Potassium, a salt the heart rhythm depends on.', low: 'Low values can follow vomiting.', high: 'High values can come from kidney problems.', doctor: 'Only a doctor can interpret a result.' },
      ru: { measures: 'Калий.', low: null, high: 'Высокие.', doctor: 'Врач.' },
      pl: { measures: 'Potas.', low: null, high: 'Wysokie.', doctor: 'Lekarz.' },
    };
    const potassium = { ...glucose, id: 40, analysisName: 'Potassium', analysisCode: 'GB022', value: 6.9, refLow: 3.5, refHigh: 5.1, flag: 'critical' as const, interpretation: 'HH' as const, critical: true, explanation };
    backend = fakeBackend({ 'GET test-results/9/patients/7': [200, { ...data, results: [potassium, tsh] }] });
    render(<PatientResultsPage />, { testResultId: '9', patientId: '7' });
    const banner = await screen.findByTestId('critical-banner');
    expect(banner).toHaveTextContent('Critical result.');
    expect(banner).toHaveTextContent('Potassium: beyond the critical limit. Please contact a doctor promptly');
    const rows = within(screen.getByRole('list', { name: 'Analysis results' })).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-interpretation', 'HH');
    expect(within(rows[0] as HTMLElement).getByText('Critical: very high')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Critical: contact a doctor promptly')).toBeInTheDocument();
    const explained = within(rows[0] as HTMLElement).getByTestId('explanation');
    expect(explained).toHaveTextContent('What does Potassium mean?');
    expect(explained).toHaveTextContent('Potassium, a salt the heart rhythm depends on.');
    expect(explained).toHaveTextContent('Your value: High values can come from kidney problems.');
    expect(explained).toHaveTextContent('Only a doctor can interpret a result.');
  });

  it('a critical result gives the next steps: the emergency number, the laboratory\'s phone, a one-tap repeat order and sharing with a doctor', async () => {
    const potassium = { ...glucose, id: 40, analysisId: 22, analysisName: 'Potassium', analysisCode: 'GB022', value: 6.9, flag: 'critical' as const, interpretation: 'HH' as const, critical: true };
    const lab = { id: 'waw', cityName: 'Warszawa', address: 'Prosta 1', phone: '+48 22 843 21 10', timeZone: 'Europe/Warsaw', emergencyNumber: '112' };
    backend = fakeBackend({ 'GET test-results/9/patients/7': [200, { ...data, testResult: { ...data.testResult, laboratory: lab }, results: [potassium, tsh] }] });
    render(<PatientResultsPage />, { testResultId: '9', patientId: '7' });
    const steps = await screen.findByTestId('critical-next-steps');
    expect(within(steps).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    expect(within(steps).getByRole('link', { name: '+48 22 843 21 10' })).toHaveAttribute('href', 'tel:+48228432110');
    expect(steps).toHaveTextContent('A repeat test is often advised');
    expect(within(steps).getByRole('link', { name: 'order Potassium again' })).toHaveAttribute('href', '/add-to-cart/analysis/22');
    expect(within(steps).getByRole('link', { name: 'Share these results with a doctor' })).toHaveAttribute('href', '#share-title');
  });

  it('shows the blood count as one panel of its components, and a text result without a flag', async () => {
    const panel = { analysisId: 50, code: 'GB001', name: 'Complete blood count', i18n: { ru: { name: 'Общий анализ крови' }, pl: { name: 'Morfologia krwi' } } };
    const wbc = { ...tsh, id: 51, analysisId: 60, analysisCode: 'CBC-WBC', analysisName: 'White blood cells (WBC)', value: 6.1, unit: '10^9/L', refLow: 4, refHigh: 10, loinc: '6690-2', panel: { ...panel, position: 0 } };
    const hgb = { ...glucose, id: 52, analysisId: 61, analysisCode: 'CBC-HGB', analysisName: 'Haemoglobin (HGB)', value: 10.1, unit: 'g/dL', refLow: 12, refHigh: 16, flag: 'low' as const, interpretation: 'L' as const, loinc: '718-7', panel: { ...panel, position: 1 } };
    const report = { ...tsh, id: 53, analysisId: 62, analysisCode: 'GN004', analysisName: 'MTHFR C677T', value: 'no variant found', unit: '', refLow: null, refHigh: null, flag: null, interpretation: null };
    backend = fakeBackend({ 'GET test-results/9/patients/7': [200, { ...data, results: [wbc, hgb, report], pending: [] }] });
    render(<PatientResultsPage />, { testResultId: '9', patientId: '7' });
    const panelList = await screen.findByRole('list', { name: 'Complete blood count' });
    const group = screen.getByTestId('panel-GB001');
    expect(within(group).getByRole('heading', { name: 'Complete blood count' })).toBeInTheDocument();
    expect(group).toHaveTextContent('Panel: 2 components');
    const parts = within(panelList).getAllByRole('listitem');
    expect(parts.map((r) => r.getAttribute('data-flag'))).toEqual(['normal', 'low']);
    expect(within(parts[1] as HTMLElement).getByText('10.1 g/dL')).toBeInTheDocument();
    const outer = within(screen.getByRole('list', { name: 'Analysis results' })).getAllByRole('listitem').filter((li) => li.parentElement?.getAttribute('aria-label') === 'Analysis results');
    expect(outer).toHaveLength(2);
    const text = outer[1] as HTMLElement;
    expect(text).toHaveTextContent('no variant found');
    expect(text).not.toHaveAttribute('data-flag');
    expect(within(text).queryByText('Normal')).toBeNull();
  });

  it('labels a preliminary value in words, and only that one', async () => {
    backend = fakeBackend({ 'GET test-results/9/patients/7': [200, { ...data, results: [{ ...glucose, preliminary: true }, { ...tsh, preliminary: false }] }] });
    render(<PatientResultsPage />, { testResultId: '9', patientId: '7' });
    const list = await screen.findByRole('list', { name: 'Analysis results' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByTestId('preliminary')).toHaveTextContent('Preliminary: the laboratory may still change this value');
    expect(within(rows[1] as HTMLElement).queryByText(/Preliminary/)).toBeNull();
  });

  it('shows "nothing here" for another user\'s or a missing result', async () => {
    backend = fakeBackend({ 'GET test-results/9/patients/7': [404, { error: 'Test result not found' }] });
    render(<PatientResultsPage />, { testResultId: '9', patientId: '7' });
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('/test-results/{id}/patients/{patientId}/analysis-results/{resultId}', () => {
  it('shows the result with its description and a trend chart of two orders', async () => {
    const detail: AnalysisResultDetailDto = {
      testResult: summary(9, 'LS-NEW'),
      patient,
      result: glucose,
      description: 'Blood sugar after fasting.',
      history: [
        { resultId: 11, orderId: 4, orderNumber: 'LS-OLD', at: '2026-10-01T08:00:00.000Z', value: 5.1, unit: 'mmol/L', flag: 'normal', interpretation: 'N', refLow: 3.9, refHigh: 5.6 },
        { resultId: 31, orderId: 9, orderNumber: 'LS-NEW', at: '2026-11-02T08:00:00.000Z', value: 7.4, unit: 'mmol/L', flag: 'high', interpretation: 'H', refLow: 3.9, refHigh: 5.6 },
      ],
    };
    backend = fakeBackend({ 'GET test-results/9/patients/7/analysis-results/31': [200, detail] });
    render(<AnalysisResultPage />, { testResultId: '9', patientId: '7', analysisResultId: '31' });
    expect(await screen.findByTestId('result-value')).toHaveTextContent('7.4 mmol/L');
    expect(screen.getByText('Blood sugar after fasting.')).toBeInTheDocument();
    expect(screen.getByText('The value is above the reference range.')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /This analysis over your orders/ });
    expect(within(chart).getAllByTestId('trend-point')).toHaveLength(2);
    expect(within(chart).getByTestId('reference-band')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Earlier results of this analysis' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('labels a preliminary result in words next to the value', async () => {
    const detail: AnalysisResultDetailDto = { testResult: summary(9, 'LS-NEW'), patient, result: { ...glucose, preliminary: true }, description: '', history: [] };
    backend = fakeBackend({ 'GET test-results/9/patients/7/analysis-results/31': [200, detail] });
    render(<AnalysisResultPage />, { testResultId: '9', patientId: '7', analysisResultId: '31' });
    expect(await screen.findByTestId('result-value')).toHaveTextContent('7.4 mmol/L');
    expect(screen.getByTestId('preliminary')).toHaveTextContent('Preliminary: the laboratory may still change this value');
  });

  it('explains that the chart needs two orders', async () => {
    const detail: AnalysisResultDetailDto = {
      testResult: summary(9, 'LS-NEW'),
      patient,
      result: glucose,
      description: '',
      history: [{ resultId: 31, orderId: 9, orderNumber: 'LS-NEW', at: '2026-11-02T08:00:00.000Z', value: 7.4, unit: 'mmol/L', flag: 'high', interpretation: 'H', refLow: 3.9, refHigh: 5.6 }],
    };
    backend = fakeBackend({ 'GET test-results/9/patients/7/analysis-results/31': [200, detail] });
    render(<AnalysisResultPage />, { testResultId: '9', patientId: '7', analysisResultId: '31' });
    expect(await screen.findByText(/The chart appears once/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /This analysis over your orders/ })).not.toBeInTheDocument();
  });
});
