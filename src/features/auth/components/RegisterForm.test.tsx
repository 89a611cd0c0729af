import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStorage } from '@/shared/storage';
import { authNavigation } from '../authNavigation';
import { authModalOpened } from '../authSlice';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { sampleUser } from '@/testing/samples';
import { renderApp } from '@/testing/renderApp';
import { RegisterForm } from './RegisterForm';
import { AuthModal } from './AuthModal';

/**
 * Keys are typed without a pause between them (user-event's `delay: null`): each keystroke still goes
 * through the form and its validation, but a busy machine no longer pushes a test past its timeout,
 * after which its typing went on and updated the form outside act().
 */
const typist = () => userEvent.setup({ delay: null });

let backend: FakeBackend | null = null;
beforeEach(() => {
  jest.spyOn(authNavigation, 'location').mockReturnValue({ pathname: '/register', query: {} });
  jest.spyOn(authNavigation, 'push').mockResolvedValue(undefined);
  jest.spyOn(authNavigation, 'replace').mockResolvedValue(undefined);
});
afterEach(() => {
  backend?.restore();
  backend = null;
  jest.restoreAllMocks();
  window.localStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

async function fillValid(user: User) {
  await user.type(screen.getByLabelText(/^E-mail/), 'anna@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Secret-pass-1');
  await user.type(screen.getByLabelText(/^First name/), 'Anna-Maria');
  await user.type(screen.getByLabelText(/^Last name/), "O'Neil");
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms of service and the privacy policy/ }));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create account' }));

describe('RegisterForm', () => {
  it('checks every field before sending', async () => {
    backend = fakeBackend({});
    const user = typist();
    renderApp(<RegisterForm />, { sagas: 'account' });
    await submit(user);
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);

    await user.type(screen.getByLabelText(/^E-mail/), 'anna@');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^First name/), 'Anna2');
    await user.type(screen.getByLabelText(/^Phone/), '600');
    fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: '2999-01-01' } });
    await submit(user);
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('The password must have at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('Use letters, spaces, hyphens and apostrophes only')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number in international form, e.g. +48 600 100 200')).toBeInTheDocument();
    expect(screen.getByText('The date of birth cannot be in the future')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: '1899-12-31' } });
    fireEvent.blur(screen.getByLabelText(/^Date of birth/));
    expect(await screen.findByText('The date of birth cannot be before 1900-01-01')).toBeInTheDocument();
    expect(backend.requests).toHaveLength(0);
  });

  it('hints the password strength with zxcvbn\'s score and feedback', async () => {
    const user = typist();
    renderApp(<RegisterForm />, { sagas: 'account' });
    await user.type(screen.getByLabelText(/^Password/), 'qwertyuiopasdf');
    await waitFor(() => expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: weak'));
    expect(screen.getByTestId('password-feedback')).toHaveTextContent('Too easy to guess. This is similar to a commonly used password. Add more words that are less common.');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'aaaaaaaaaaaa');
    await waitFor(() => expect(screen.getByTestId('password-feedback')).toHaveTextContent('Repeated characters like "aaa" are easy to guess.'));
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Plum orchard 42 violet');
    await waitFor(() => expect(screen.getByTestId('password-strength')).toHaveTextContent('Password strength: strong'));
    expect(screen.queryByTestId('password-feedback')).toBeNull();
  });

  it('marks the e-mail of an existing user and says "Duplicating fields found"', async () => {
    backend = fakeBackend({ 'POST register': [400, { error: 'Such user exists' }] });
    const user = typist();
    renderApp(<RegisterForm />, { sagas: 'account' });
    await fillValid(user);
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Duplicating fields found');
    expect(alert).toHaveTextContent('Such user exists');
    await waitFor(() => expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Such user exists')).toHaveLength(2);
    expect(readStorage('token')).toBeNull();
  });

  it.each([
    ['a leaked password names the password', [400, { error: 'x', code: 'validation_failed', fields: { password: 'This password appears in lists of leaked passwords; choose another' } }], 'This password appears in lists of leaked passwords; choose another'],
    ['429 says to wait', [429, { error: 'Too many requests, try again later', code: 'rate_limited' }], 'Too many attempts. Please wait a few minutes and try again.'],
    ['a server failure says so', [500, { error: 'Internal server error', code: 'internal' }], 'Internal server error'],
  ] as const)('under "Duplicating fields found", %s', async (_case, answer, reason) => {
    backend = fakeBackend({ 'POST register': [answer[0], answer[1]] });
    const user = typist();
    renderApp(<RegisterForm />, { sagas: 'account' });
    await fillValid(user);
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Duplicating fields found');
    expect(alert).toHaveTextContent(reason);
  });

  it('registers with the optional fields left out and logs in', async () => {
    backend = fakeBackend({ 'POST register': [201, { accessToken: 'tok-r' }], 'GET users/current': [200, sampleUser] });
    const user = typist();
    const { store } = renderApp(<RegisterForm />, { sagas: 'account' });
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(store.getState().auth.currentUser.data).toEqual(sampleUser));
    expect(backend.calls('POST register')[0]?.body).toEqual({ email: 'anna@example.com', password: 'Secret-pass-1', firstName: 'Anna-Maria', lastName: "O'Neil", acceptTerms: true });
    expect(readStorage('token')).toBe('tok-r');
    // The letter is on its way: the user is told where to look.
    expect(await screen.findByText(/Account created\. Check your e-mail: we sent a letter to anna@example\.com\./)).toBeInTheDocument();
  });
});

describe('the consent to the terms and the privacy policy', () => {
  it('is required: without the box ticked nothing is sent and the error is shown at the box', async () => {
    backend = fakeBackend({ 'POST register': [201, { accessToken: 'tok-r' }], 'GET users/current': [200, sampleUser] });
    const user = typist();
    renderApp(<RegisterForm />, { sagas: 'account' });
    const box = screen.getByRole('checkbox', { name: /I accept the terms of service and the privacy policy/ });
    expect(box).not.toBeChecked();
    expect(box).toBeRequired();
    await fillValid(user);
    await user.click(box);
    expect(box).not.toBeChecked();
    await submit(user);
    const error = await screen.findByText('Accept the terms of service and the privacy policy to create an account');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Accept the terms of service and the privacy policy to create an account');
    expect(error).toBeInTheDocument();
    expect(backend.requests).toHaveLength(0);

    await user.click(box);
    expect(screen.queryByText('Accept the terms of service and the privacy policy to create an account')).toBeNull();
    await submit(user);
    await waitFor(() => expect(backend!.calls('POST register')).toHaveLength(1));
  });

  it('links the documents, opened beside the form so nothing typed is lost', () => {
    renderApp(<RegisterForm />, { sagas: 'account' });
    const terms = screen.getByRole('link', { name: 'terms of service' });
    expect(terms).toHaveAttribute('href', '/documents/terms-of-service');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/documents/privacy-policy');
  });

  it.each([
    ['ru', /Я принимаю пользовательское соглашение и политику конфиденциальности/, 'Чтобы создать аккаунт, примите пользовательское соглашение и политику конфиденциальности'],
    ['pl', /Akceptuję regulamin i politykę prywatności/, 'Aby założyć konto, zaakceptuj regulamin i politykę prywatności'],
  ] as const)('speaks %s', async (language, label, error) => {
    const user = typist();
    renderApp(<RegisterForm />, { sagas: 'account', language });
    await user.click(screen.getByRole('button', { name: language === 'ru' ? 'Зарегистрироваться' : 'Załóż konto' }));
    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: label })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('AuthModal', () => {
  it('switches modes; after register the mode is login, the user is logged in and the add flow goes on', async () => {
    jest.spyOn(authNavigation, 'location').mockReturnValue({ pathname: '/add-to-cart/[addableType]/[addableId]', query: { addableType: 'analysis', addableId: '3', addableFlowPage: 'register' } });
    backend = fakeBackend({ 'POST register': [201, { accessToken: 'tok-r' }], 'GET users/current': [200, sampleUser] });
    const user = typist();
    const { store } = renderApp(<AuthModal />, { sagas: 'account' });
    act(() => {
      store.dispatch(authModalOpened('login'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(dialog).toHaveAccessibleName('Create an account');
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(true));
    expect(store.getState().auth.modalMode).toBe('login');
    expect(authNavigation.replace).toHaveBeenCalledWith({
      pathname: '/add-to-cart/[addableType]/[addableId]',
      query: { addableType: 'analysis', addableId: '3', addableFlowPage: 'addPatients' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the destination through the login dialog', () => {
  it("a visitor's cart icon opens the dialog, and after logging in there the user goes to the cart, not home", async () => {
    jest.spyOn(authNavigation, 'location').mockReturnValue({ pathname: '/catalogue', query: {} });
    backend = fakeBackend({ 'POST login': [200, { access_token: 'tok-l' }], 'GET users/current': [200, sampleUser] });
    const user = typist();
    const { store } = renderApp(<AuthModal />, { sagas: 'account' });
    act(() => {
      store.dispatch(authModalOpened({ mode: 'login', returnTo: '/cart' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'anna@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(true));
    await waitFor(() => expect(authNavigation.push).toHaveBeenCalledWith('/cart'));
    expect(authNavigation.push).not.toHaveBeenCalledWith('/');
    expect(store.getState().auth.modalReturnTo).toBeNull();
  });

  it('a destination that is not a path of the shop is not followed', async () => {
    backend = fakeBackend({ 'POST login': [200, { access_token: 'tok-l' }], 'GET users/current': [200, sampleUser] });
    const user = typist();
    const { store } = renderApp(<AuthModal />, { sagas: 'account' });
    act(() => {
      store.dispatch(authModalOpened({ mode: 'login', returnTo: '//evil.example/' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'anna@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(authNavigation.push).toHaveBeenCalledWith('/'));
  });
});
