import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE } from '@/shared/i18n';
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

describe("the doctor's language switch", () => {
  afterEach(() => {
    Cookies.remove(LANGUAGE_COOKIE, { path: '/' });
  });

  test('switches the page to the chosen language and keeps it in the cookie (for the PDF and the next visit)', async () => {
    const user = userEvent.setup();
    renderApp(<SharedResultsPage state="ok" token="tok" data={data} />, { language: 'en' });
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'EN — English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: 'PL — Polski' }));
    expect(await screen.findByRole('link', { name: 'Pobierz plik do programu medycznego (FHIR)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Język' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PL — Polski' })).toHaveAttribute('aria-pressed', 'true');
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
  });

  test('is there on an expired link too', async () => {
    const user = userEvent.setup();
    renderApp(<SharedResultsPage state="gone" />, { language: 'ru' });
    await user.click(within(screen.getByRole('group', { name: 'Язык' })).getByRole('button', { name: 'EN — English' }));
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('en');
  });
});
