import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rootReducer } from '@/store/rootReducer';
import { Status } from '@/lib/status';
import { STORAGE_KEYS } from '@/shared/storage';
import { currentUserReceived, loggedIn } from '@/features/auth/authSlice';
import type { CartDto } from '@/shared/types/api';
import { testRouter } from '@/testing/router';
import { renderApp } from '@/testing/renderApp';
import { TopBar } from './TopBar';
import { MainMenu } from './MainMenu';
import { AppShell } from './AppShell';
import { AuthModalHost } from '@/features/auth';
import { useState } from 'react';

const anna = {
  id: 7,
  username: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.test',
  emailConfirmed: true,
  phone: null,
  dateOfBirth: null,
  role: 'patient' as const,
};

function Shell() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <TopBar onOpenMenu={() => setOpen(true)} menuOpen={open} />
      <MainMenu open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const initial = rootReducer(undefined, { type: 'test/init' });
const withCart = (status: Status, price: number | null) => ({
  ...initial,
  cart: { ...initial.cart, cart: { status, error: null, data: price === null ? null : ({ cartTotal: { price, currency: 'EUR' } } as unknown as CartDto) } },
});

describe('TopBar', () => {
  it('shows a spinner while the cart loads', () => {
    renderApp(<Shell />, { preloadedState: withCart(Status.LOADING, null) });
    const cart = screen.getByTestId('cart-link');
    expect(cart).toHaveAttribute('href', '/order/cart');
    expect(within(cart).getByRole('progressbar', { name: 'Cart is loading' })).toBeInTheDocument();
    expect(cart).toHaveAccessibleName('Cart');
  });

  it('has no spinner for a loaded empty cart and a badge for a cart with a total', () => {
    renderApp(<Shell />, { preloadedState: withCart(Status.SUCCESS, 0) });
    const cart = screen.getByTestId('cart-link');
    expect(within(cart).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(cart).toHaveAccessibleName('Cart');
  });

  it('marks a cart whose total is above 0', () => {
    renderApp(<Shell />, { preloadedState: withCart(Status.SUCCESS, 12.5) });
    expect(screen.getByTestId('cart-link')).toHaveAccessibleName('Cart: Cart has items');
  });

  it('links the back button to the configured back target and the logo home', () => {
    const router = testRouter('/patients/edit/[patientId]', { patientId: '3' }, '/patients/edit/3');
    renderApp(<Shell />, { router });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/patients');
    expect(screen.getByRole('link', { name: 'Lab shop, home page' })).toHaveAttribute('href', '/');
  });

  it('takes the back target from pathnameToReturn', () => {
    const router = testRouter('/patients/create', { pathnameToReturn: '/order/cart' }, '/patients/create?pathnameToReturn=%2Forder%2Fcart');
    renderApp(<Shell />, { router });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/order/cart');
  });

  it('has no back button on home and on pages configured without one', () => {
    renderApp(<Shell />, { router: testRouter('/') });
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Lab shop', 'Warsaw'],
    ['ru', 'Лабораторный магазин', 'Варшава'],
    ['pl', 'Sklep laboratoryjny', 'Warszawa'],
  ] as const)('in %s shows the whole shop name, wrapping between words instead of cutting it, and the laboratory chip with its city in the language and its currency', (language, name, city) => {
    const warsaw = { id: 'warsaw-mokotow', cityName: 'Warsaw', address: 'ul. Puławska 145, 02-715 Warszawa', email: '', aboutLink: '', latitude: 0, longitude: 0, currency: 'PLN' as const, i18n: { ru: { cityName: 'Варшава', address: '' }, pl: { cityName: 'Warszawa', address: '' } } };
    const state = { ...initial, lab: { ...initial.lab, activeLaboratoryId: warsaw.id, laboratory: { status: Status.SUCCESS, error: null, data: warsaw } } };
    const { container } = renderApp(<Shell />, { router: testRouter('/'), language, preloadedState: state });
    const title = container.querySelector('.bar-name') as HTMLElement;
    expect(title).toHaveTextContent(name);
    // Phones (no media query applies in jsdom): the name may wrap, is never ellipsised or clipped.
    const style = getComputedStyle(title);
    expect([style.whiteSpace, style.textOverflow, style.overflow]).toEqual(['normal', '', '']);
    expect(container.querySelector('.bar-lab-city')).toHaveTextContent(city);
    const chip = screen.getByTestId('lab-chip');
    // The visible text is inside the accessible name, in its order (WCAG 2.5.3; axe's label-content-name-mismatch).
    expect(chip).toHaveTextContent(`${city} PLN`, { normalizeWhitespace: false });
    expect(chip.getAttribute('aria-label')).toContain(`${city} PLN`);
    // Shown on every width (phones too): a 44 px target.
    expect([getComputedStyle(chip).display, getComputedStyle(chip).minHeight]).toEqual(['inline-flex', '44px']);
    // On a phone the logo link holds only the logo then: still a 48x48 target.
    const logo = screen.getByRole('link', { name: /home page|главная|główna/i });
    expect([getComputedStyle(logo).minWidth, getComputedStyle(logo).minHeight]).toEqual(['48px', '48px']);
  });

  it('the laboratory chip opens the laboratory selector', async () => {
    const warsaw = { id: 'warsaw-mokotow', cityName: 'Warsaw', address: 'ul. Puławska 145', email: '', aboutLink: '', latitude: 0, longitude: 0, currency: 'PLN' as const };
    const state = { ...initial, lab: { ...initial.lab, activeLaboratoryId: warsaw.id, laboratory: { status: Status.SUCCESS, error: null, data: warsaw } } };
    const { store } = renderApp(<Shell />, { router: testRouter('/orders/7', { orderId: '7' }, '/orders/7'), preloadedState: state });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Laboratory: Warsaw PLN' }));
    expect(store.getState().lab.selectorOpen).toBe(true);
  });
});

describe('auth modal for a visitor', () => {
  function ShellWithModal() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <TopBar onOpenMenu={() => setOpen(true)} menuOpen={open} />
        <AuthModalHost />
      </>
    );
  }

  it('the cart icon opens the auth modal in login mode instead of a page change; it switches to register and gives focus back when closed', async () => {
    const user = userEvent.setup();
    const router = testRouter('/');
    const { store } = renderApp(<ShellWithModal />, { router, preloadedState: withCart(Status.SUCCESS, 0) });
    const cart = screen.getByTestId('cart-link');
    cart.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(router.push).not.toHaveBeenCalled();
    expect(router.replace).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ modalOpen: true, modalMode: 'login' });
    await user.click(within(dialog).getByRole('button', { name: /create an account|register/i }));
    const register = await screen.findByRole('dialog', { name: 'Create an account' });
    await user.click(within(register).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cart).toHaveFocus();
  });

  it('a logged-in user goes to the cart as usual', async () => {
    const user = userEvent.setup();
    const { store } = renderApp(<ShellWithModal />, { preloadedState: withCart(Status.SUCCESS, 0) });
    act(() => {
      store.dispatch(loggedIn());
    });
    await user.click(screen.getByTestId('cart-link'));
    expect(store.getState().auth.modalOpen).toBe(false);
  });
});

describe('MainMenu', () => {
  it('shows the visitor items; choosing one navigates and closes the menu', async () => {
    const user = userEvent.setup();
    const router = testRouter('/');
    renderApp(<Shell />, { router });
    await user.click(screen.getByRole('button', { name: /open menu/i }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('button').filter((b) => b.hasAttribute('data-menu-key')).map((b) => b.textContent)).toEqual([
      'Home',
      'Register',
      'Login',
      'Select laboratory',
      'Documents',
      'Support',
    ]);
    expect(within(menu).getByText('Guest')).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Login' }));
    expect(router.push).toHaveBeenCalledTimes(1);
    expect(router.push).toHaveBeenCalledWith('/login');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  it('"Select laboratory" opens the selector and closes the menu', async () => {
    const user = userEvent.setup();
    const { store } = renderApp(<Shell />);
    await user.click(screen.getByRole('button', { name: /open menu/i }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Select laboratory' }));
    expect(store.getState().lab.selectorOpen).toBe(true);
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  it('shows a user initials, name and e-mail, and signs out only after "Are you sure?"', async () => {
    const user = userEvent.setup();
    const router = testRouter('/settings', {}, '/settings');
    const { store } = renderApp(<Shell />, { router });
    act(() => {
      store.dispatch(loggedIn());
      store.dispatch(currentUserReceived(anna));
    });
    expect(screen.getByRole('button', { name: /open menu/i })).toHaveTextContent('AN');
    await user.click(screen.getByRole('button', { name: /open menu/i }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByText('Anna Nowak')).toBeInTheDocument();
    expect(within(menu).getByText('anna@example.test')).toBeInTheDocument();
    expect(within(menu).getAllByRole('button').filter((b) => b.hasAttribute('data-menu-key')).map((b) => b.getAttribute('data-menu-key'))).toEqual([
      '/',
      '/order/cart',
      '/settings',
      '/patients',
      'selectLab',
      '/documents',
      '/support',
      '/orders',
      '/test-results',
    ]);

    await user.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument());
    expect(store.getState().auth.isLoggedIn).toBe(true);

    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Sign Out' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign Out' }));
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(router.push).toHaveBeenCalledTimes(1);
    expect(router.push).toHaveBeenCalledWith('/');
  });

  it('adds the staff console for staff', async () => {
    const user = userEvent.setup();
    const { store } = renderApp(<Shell />);
    act(() => {
      store.dispatch(loggedIn());
      store.dispatch(currentUserReceived({ ...anna, role: 'staff' }));
    });
    await user.click(screen.getByRole('button', { name: /open menu/i }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'Staff console' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Test results' })).toBeInTheDocument();
  });
});

describe('AppShell start-up', () => {
  beforeEach(() => window.localStorage.clear());

  it('restores the token and the laboratory from storage, then starts the app', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    window.localStorage.setItem(STORAGE_KEYS.activeLaboratoryId, '4');
    const seen: string[] = [];
    const { store } = renderApp(
      <AppShell>
        <p>page</p>
      </AppShell>,
      {
        extraMiddleware: [
          () => (next) => (action) => {
            seen.push((action as { type: string }).type);
            return next(action);
          },
        ],
      },
    );
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(store.getState().lab.activeLaboratoryId).toBe('4');
    expect(seen).toEqual(['auth/loggedIn', 'lab/activeLaboratorySet', 'shell/appStarted']);
    expect(screen.getByRole('main')).toHaveTextContent('page');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('starts a visitor without laboratory as such', () => {
    const { store } = renderApp(
      <AppShell>
        <p>page</p>
      </AppShell>,
    );
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(store.getState().lab.activeLaboratoryId).toBeNull();
  });
});
