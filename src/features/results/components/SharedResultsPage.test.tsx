import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import type { SharedResultsDto } from '@/shared/types/results';
import { SharedResultsPage } from './SharedResultsPage';

const data: SharedResultsDto = {
  patient: { firstName: 'Anna', lastName: 'Nowak', dateOfBirth: '1985-03-04', gender: 'female' },
  orderNumber: 'LS-000001',
  sampledAt: '2026-11-20T08:00:00.000Z',
  laboratory: { cityName: 'Warsaw', address: 'ul. Puławska 145, 02-715 Warszawa', phone: '+48 22 843 21 10', i18n: { ru: { cityName: 'Варшава', address: 'ул. Пулавска 145, 02-715 Варшава' }, pl: { cityName: 'Warszawa', address: 'ul. Puławska 145, 02-715 Warszawa' } } },
  results: [],
  pending: [],
  expiresAt: '2026-12-20T08:00:00.000Z',
};

test.each([
  ['en', 'Download a file for medical software (FHIR)', 'Laboratory: Warsaw.'],
  ['ru', 'Скачать файл для медицинской программы (FHIR)', 'Лаборатория: Варшава.'],
  ['pl', 'Pobierz plik do programu medycznego (FHIR)', 'Laboratorium: Warszawa.'],
] as const)('the doctor\'s page in %s says the FHIR download in plain words and names the laboratory in the language', (language, download, laboratory) => {
  renderApp(<SharedResultsPage state="ok" token="tok" data={data} />, { language });
  const link = screen.getByRole('link', { name: download });
  expect(link).toHaveAttribute('href', expect.stringMatching(/shared-results\/tok\/fhir$/));
  expect(link).not.toHaveTextContent('R4');
  expect(screen.getByText(new RegExp(laboratory.replace('.', '\\.')))).toBeInTheDocument();
});
