import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalysisResultDto } from '@/shared/types/results';
import { renderApp } from '@/testing/renderApp';
import { ResultList } from './ResultList';

const base: AnalysisResultDto = { id: 31, analysisId: 5, analysisCode: 'DG001', analysisName: 'PSA (total)', value: 1.2, unit: 'ng/mL', refLow: 0, refHigh: 4, refText: '', flag: 'normal', interpretation: 'N', critical: false, rangeSource: 'catalogue', rangeReason: '', loinc: null, comment: '', enteredAt: '2026-11-03T10:00:00.000Z' };
const hiv: AnalysisResultDto = { ...base, id: 32, analysisId: 6, analysisCode: 'DG008', analysisName: 'HIV 1/2', value: 'reactive', unit: '', refLow: null, refHigh: null, refText: 'negative', flag: 'abnormal', interpretation: 'A' };

it('a sensitive result shows its value only after "Show result"; a released one carries the doctor\'s note or the laboratory\'s phone', async () => {
  const psa = { ...base, sensitive: true, release: { by: 'time' as const, at: '2026-11-06T10:00:00.000Z', laboratoryPhone: '+48 22 000 00 00' } };
  const released = { ...hiv, sensitive: true, release: { by: 'doctor' as const, at: '2026-11-04T10:00:00.000Z', note: 'Please come for a confirmation test.' } };
  const other = { ...base, id: 33, analysisName: 'Glucose', analysisCode: 'GLU', value: 5.1 };
  renderApp(<ResultList results={[psa, released, other]} language="en" />);
  const list = screen.getByRole('list', { name: 'Analysis results' });
  expect(within(list).getByText('PSA (total)')).toBeInTheDocument();
  expect(within(list).queryByText(/1\.2/)).not.toBeInTheDocument();
  expect(within(list).queryByText(/reactive/i)).not.toBeInTheDocument();
  // Results that are not sensitive show at once.
  expect(within(list).getByText(/5\.1/)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Show result: PSA (total)' }));
  expect(within(list).getByText(/1\.2/)).toBeInTheDocument();
  expect(within(list).getByText('Questions about this result? Call the laboratory: +48 22 000 00 00')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Show result: HIV 1/2' }));
  expect(within(list).getByText(/reactive/i)).toBeInTheDocument();
  expect(within(list).getByText("The laboratory's doctor: Please come for a confirmation test.")).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Show the result/ })).not.toBeInTheDocument();
});
