import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import { sampleUser } from '@/testing/samples';
import { fakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { LANGUAGE_COOKIE } from '@/shared/i18n';
import { LanguageSwitcher } from './LanguageSwitcher';

let backend: ReturnType<typeof fakeBackend> | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  Cookies.remove(LANGUAGE_COOKIE, { path: '/' });
});

describe('LanguageSwitcher', () => {
  test('a signed-in user: the language goes to the cookie and is saved on the account', async () => {
    const bodies: unknown[] = [];
    backend = fakeBackend({
      [`PUT users/${sampleUser.id}`]: (req) => {
        bodies.push(req.body);
        return [200, { ...sampleUser, locale: 'pl' }];
      },
    });
    const app = renderApp(<LanguageSwitcher />);
    act(() => {
      app.store.dispatch(loggedIn());
      app.store.dispatch(currentUserReceived(sampleUser));
    });
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /English/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: /Polski/ }));
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('pl');
    expect(screen.getByRole('button', { name: /Polski/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /English/ })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(bodies).toEqual([{ locale: 'pl' }]));
  });

  test('a visitor saves nothing; a failed save is ignored and the language still changes', async () => {
    backend = fakeBackend({ [`PUT users/${sampleUser.id}`]: [500, { error: 'down' }] });
    const app = renderApp(<LanguageSwitcher />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Русский/ }));
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('ru');
    expect(backend.requests.map((r) => r.route)).toEqual([]);
    act(() => {
      app.store.dispatch(loggedIn());
      app.store.dispatch(currentUserReceived(sampleUser));
    });
    await userEvent.setup().click(screen.getByRole('button', { name: /English/ }));
    await waitFor(() => expect(backend?.requests.map((r) => r.route)).toEqual([`PUT users/${sampleUser.id}`]));
    expect(Cookies.get(LANGUAGE_COOKIE)).toBe('en');
  });
});
