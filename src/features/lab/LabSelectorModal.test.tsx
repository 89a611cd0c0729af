import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { LAB_COOKIE, STORAGE_KEYS } from '@/shared/storage';
import { Status } from '@/lib/status';
import type { LaboratoryDto } from '@/shared/types/api';
import { appStarted } from '@/store/appActions';
import { fakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { LabSelectorModal } from './LabSelectorModal';
import { labSaga } from './labSaga';
import { activeLaboratorySet, selectorOpened } from './labSlice';

const labs: LaboratoryDto[] = [
  { id: '1', cityName: 'Kraków', email: 'k@lab.test', aboutLink: '', address: 'ul. Długa 5', latitude: 50.0647, longitude: 19.945 },
  { id: '2', cityName: 'Warszawa', email: 'w@lab.test', aboutLink: '', address: 'ul. Marszałkowska 10', latitude: 52.2297, longitude: 21.0122 },
  { id: '3', cityName: 'Gdańsk', email: 'g@lab.test', aboutLink: '', address: 'ul. Długa 1', latitude: 54.352, longitude: 18.6466 },
];

type PositionOutcome = { latitude: number; longitude: number } | 'error';

/** The browser's geolocation and permissions APIs (jsdom has neither). */
function fakeGeolocation(permission: PermissionState, outcome: PositionOutcome) {
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: async () => ({ state: permission }) },
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        setTimeout(() => {
          if (outcome === 'error') fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
          else ok({ coords: outcome, timestamp: Date.now() } as unknown as GeolocationPosition);
        }, 0);
      },
    },
  });
}

let backend: ReturnType<typeof fakeBackend>;

beforeEach(() => {
  window.localStorage.clear();
  Cookies.remove(LAB_COOKIE, { path: '/' });
  backend = fakeBackend({
    'GET laboratories': [200, labs],
    'GET laboratories/1': [200, labs[0]],
    'GET laboratories/2': [200, labs[1]],
  });
});
afterEach(() => backend.restore());

function setup() {
  const view = renderApp(<LabSelectorModal />, { saga: labSaga });
  act(() => {
    view.store.dispatch(appStarted());
  });
  return view;
}

describe('LabSelectorModal', () => {
  it('opens by itself without a laboratory, cannot be dismissed, and requires a choice', async () => {
    fakeGeolocation('denied', 'error');
    const user = userEvent.setup();
    const { store } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Select laboratory' });
    expect(await within(dialog).findByRole('radio', { name: 'Kraków, ul. Długa 5' })).toBeInTheDocument();
    expect(backend.requests.map((r) => r.route)).toContain('GET laboratories');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // Auto-find is not offered when the permission is denied.
    expect(within(dialog).queryByRole('button', { name: 'Find' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Laboratory is required')).toBeInTheDocument();
    expect(store.getState().lab.activeLaboratoryId).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: 'Warszawa, ul. Marszałkowska 10' }));
    expect(within(dialog).queryByText('Laboratory is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().lab.activeLaboratoryId).toBe('2');
    expect(window.localStorage.getItem(STORAGE_KEYS.activeLaboratoryId)).toBe('2');
    expect(Cookies.get(LAB_COOKIE)).toBe('2');
    await waitFor(() => expect(store.getState().lab.laboratory.data?.cityName).toBe('Warszawa'));
    expect(backend.requests.map((r) => r.route)).toContain('GET laboratories/2');
  });

  it('"Find" shows the closest laboratory and confirming picks it; "Select manually" goes back', async () => {
    fakeGeolocation('granted', { latitude: 50.1, longitude: 20.0 });
    const user = userEvent.setup();
    const { store } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Select laboratory' });
    await user.click(await within(dialog).findByRole('button', { name: 'Find' }));
    const found = await within(dialog).findByTestId('closest-laboratory');
    expect(found).toHaveTextContent('Kraków, ul. Długa 5');
    expect(found).toHaveTextContent('about 5 km away');
    expect(store.getState().lab.autoFind.status).toBe(Status.SUCCESS);

    await user.click(within(dialog).getByRole('button', { name: 'Select manually' }));
    expect(await within(dialog).findByRole('radio', { name: 'Gdańsk, ul. Długa 1' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    await within(dialog).findByTestId('closest-laboratory');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(store.getState().lab.activeLaboratoryId).toBe('1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Geolocation failed" when the position cannot be obtained (permission prompt)', async () => {
    fakeGeolocation('prompt', 'error');
    const user = userEvent.setup();
    const { store } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Select laboratory' });
    await user.click(await within(dialog).findByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('Geolocation failed')).toBeInTheDocument();
    expect(store.getState().lab.autoFind.status).toBe(Status.ERROR);
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('does not open with a laboratory, and opened from the menu it can be cancelled', async () => {
    fakeGeolocation('denied', 'error');
    const user = userEvent.setup();
    const { store } = renderApp(<LabSelectorModal />, { saga: labSaga });
    act(() => {
      store.dispatch(activeLaboratorySet('1'));
      store.dispatch(appStarted());
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(selectorOpened());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Select laboratory' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().lab.activeLaboratoryId).toBe('1');

    // Closable, Escape closes it too.
    act(() => {
      store.dispatch(selectorOpened());
    });
    await screen.findByRole('dialog', { name: 'Select laboratory' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().lab.selectorOpen).toBe(false);
  });

  it('is modal: the page behind is inert while it is open, and the focus returns to the opener', async () => {
    fakeGeolocation('denied', 'error');
    const user = userEvent.setup();
    const root = document.createElement('div');
    root.id = '__next';
    const opener = document.createElement('button');
    opener.textContent = 'Select laboratory';
    root.appendChild(opener);
    document.body.appendChild(root);
    try {
      const { store } = renderApp(<LabSelectorModal />, { saga: labSaga });
      act(() => {
        store.dispatch(activeLaboratorySet('1'));
        store.dispatch(appStarted());
      });
      opener.focus();
      act(() => {
        store.dispatch(selectorOpened());
      });
      const dialog = await screen.findByRole('dialog', { name: 'Select laboratory' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(root).toHaveAttribute('inert');
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(root).not.toHaveAttribute('inert');
      expect(opener).toHaveFocus();
    } finally {
      root.remove();
    }
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    fakeGeolocation('denied', 'error');
    backend.restore();
    let calls = 0;
    backend = fakeBackend({
      'GET laboratories': () => {
        calls += 1;
        return calls === 1 ? [500, { error: 'down' }] : [200, labs];
      },
    });
    const user = userEvent.setup();
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Select laboratory' });
    expect(await within(dialog).findByText('Could not load the laboratories.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('radio', { name: 'Kraków, ul. Długa 5' })).toBeInTheDocument();
  });
});

describe('groupByPlace', () => {
  it('groups laboratories by country and city, naming the country in the user\'s language and the currency', async () => {
    const { groupByPlace } = await import('./LabSelectorModal');
    const lab = (id: string, cityName: string, country: string, currency: 'PLN' | 'BYN') => ({ id, cityName, country, currency, email: '', aboutLink: '', address: `${id} street`, latitude: 0, longitude: 0 });
    const groups = groupByPlace([lab('a', 'Warszawa', 'PL', 'PLN'), lab('b', 'Minsk', 'BY', 'BYN'), lab('c', 'Warszawa', 'PL', 'PLN')], 'pl');
    expect(groups.map((g) => [g.heading, g.labs.map((l) => l.id)])).toEqual([
      ['Minsk, Białoruś · BYN', ['b']],
      ['Warszawa, Polska · PLN', ['a', 'c']],
    ]);
  });

  it('names and orders the cities and addresses in the user\'s language, English where a laboratory has none', async () => {
    const { groupByPlace } = await import('./LabSelectorModal');
    const lab = (id: string, cityName: string, address: string, ru?: { cityName: string; address: string }) => ({ id, cityName, country: 'PL', currency: 'PLN' as const, email: '', aboutLink: '', address, latitude: 0, longitude: 0, ...(ru ? { i18n: { ru } } : {}) });
    const labs = [
      lab('w2', 'Warsaw', 'ul. Targowa 64', { cityName: 'Варшава', address: 'ул. Таргова 64' }),
      lab('g', 'Gdańsk', 'al. Grunwaldzka 82'),
      lab('w1', 'Warsaw', 'ul. Puławska 145', { cityName: 'Варшава', address: 'ул. Пулавска 145' }),
    ];
    expect(groupByPlace(labs, 'ru').map((g) => [g.heading.split(',')[0], g.labs.map((l) => l.id)])).toEqual([
      ['Варшава', ['w1', 'w2']],
      ['Gdańsk', ['g']],
    ]);
    expect(groupByPlace(labs, 'en').map((g) => [g.heading.split(',')[0], g.labs.map((l) => l.id)])).toEqual([
      ['Gdańsk', ['g']],
      ['Warsaw', ['w1', 'w2']],
    ]);
  });
});
