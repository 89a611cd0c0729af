import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { renderApp } from '@/testing/renderApp';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/shared/i18n/resources';
import { ACCEPT_COOKIE, CookieBanner, hasAcceptCookie } from './CookieBanner';

describe('CookieBanner', () => {
  beforeEach(() => Cookies.remove(ACCEPT_COOKIE, { path: '/' }));

  it('says "Accept" in English, "Akceptuję" in Polish and «Принять» in Russian', () => {
    const html = (lng: 'en' | 'ru' | 'pl') =>
      renderToString(
        <I18nextProvider i18n={createI18n(lng)}>
          <CookieBanner acceptedOnServer={false} />
        </I18nextProvider>,
      );
    expect(html('en')).toMatch(/>Accept</);
    expect(html('pl')).toMatch(/>Akceptuję</);
    expect(html('ru')).toMatch(/>Принять</);
    expect(html('en')).not.toMatch(/Принять/);
  });

  it('shows until accepted, and "Accept" sets the acceptCookie cookie', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp(<CookieBanner />);
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner).toHaveStyle({ position: 'fixed', zIndex: '10000' });
    expect(banner).toHaveTextContent(/accept the cookie rule/);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(Cookies.get(ACCEPT_COOKIE)).toBe('true');
    unmount();

    // A later page load with the cookie shows no banner.
    renderApp(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('keeps its height in a CSS variable while shown', async () => {
    const user = userEvent.setup();
    renderApp(<CookieBanner />);
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-height')).toMatch(/px$/);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-height')).toBe('');
  });

  it('is in the server HTML of a first visit (no consent cookie in the request), not once accepted', () => {
    const html = (acceptedOnServer: boolean) =>
      renderToString(
        <I18nextProvider i18n={createI18n('en')}>
          <CookieBanner acceptedOnServer={acceptedOnServer} />
        </I18nextProvider>,
      );
    expect(html(false)).toMatch(/accept the cookie rule/);
    expect(html(false)).toMatch(/>Accept</);
    expect(html(true)).toBe('');
    expect(hasAcceptCookie('lang=ru; acceptCookie=true')).toBe(true);
    expect(hasAcceptCookie('xacceptCookie=true; lang=ru')).toBe(false);
    expect(hasAcceptCookie(undefined)).toBe(false);
  });
});
