import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createI18n } from '@/shared/i18n/resources';
import type { AnalysisDto } from '@/shared/types/api';
import { makeStore } from '@/store/makeStore';
import { activeLaboratorySet } from '@/features/lab/labSlice';
import { catalogueSaga } from '../catalogueSaga';
import { fakeBackend, type FakeHandler } from '@/testing/fakeBackend';
import { SearchView } from './SearchView';

const analysis = (id: number, name: string, price: number | null): AnalysisDto => ({
  id,
  name,
  code: `C${id}`,
  description: '',
  execPeriod: 2,
  catalogueHeaders: [],
  prices: price === null ? [] : [{ id, priceListId: 1, currency: 'EUR', created: '', updated: '', price }],
  materials: [],
  restrictions: {},
});

function setup(handler: FakeHandler) {
  const backend = fakeBackend({ '*': handler });
  const store = makeStore({ saga: catalogueSaga });
  store.dispatch(activeLaboratorySet('1'));
  const terms: string[] = [];
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('en')}>
        <SearchView onTermChange={(t) => terms.push(t)} />
      </I18nextProvider>
    </Provider>,
  );
  return { backend, store, terms, user: userEvent.setup() };
}

describe('search page states', () => {
  let restore: (() => void) | null = null;
  afterEach(() => restore?.());

  it('invites to type before any search', () => {
    const { backend } = setup(() => [200, []]);
    restore = backend.restore;
    expect(screen.getByText('What are you looking for?')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows skeletons while searching, then the results with prices in the currency, and "Unavailable" without a price', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { backend, user, terms } = setup((req) =>
      req.url === 'labService/search' ? [200, [analysis(1, 'Glucose', 12.5), analysis(2, 'Glucose tolerance', null)], { delayMs: 100 }] : [200, []],
    );
    restore = backend.restore;
    await user.type(screen.getByRole('searchbox', { name: 'Test name or code' }), 'glu');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Search results' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Glucose');
    expect(rows[0]).toHaveTextContent('€12.50');
    expect(rows[0]).toHaveAttribute('href', '/search/analysis/1');
    expect(rows[1]).toHaveTextContent('Unavailable');
    expect(screen.getByText('2 tests found')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Prices array of analysis is empty');
    expect(backend.requests.filter((r) => r.url === 'labService/search').map((r) => r.params)).toEqual([{ searchNameTerm: 'glu', laboratoryId: '1' }]);
    expect(terms.at(-1)).toBe('glu');
    consoleError.mockRestore();
  });

  it('says what to do when nothing matches', async () => {
    const { backend, user } = setup(() => [200, []]);
    restore = backend.restore;
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No analyses match “zzz”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse categories' })).toHaveAttribute('href', '/#categories');
  });

  it('shows an error with a retry that searches again', async () => {
    let fail = true;
    const { backend, user } = setup((req) => (fail ? [500, { error: 'down' }] : req.url === 'labService/search' ? [200, [analysis(3, 'Ferritin', 20)]] : [200, []]));
    restore = backend.restore;
    await user.type(screen.getByRole('searchbox'), 'ferr');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search failed');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ferritin')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
