import { Status } from '@/lib/status';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';
import { makeStore } from '@/store/makeStore';
import { catalogueSaga, SEARCH_DEBOUNCE_MS } from './catalogueSaga';
import { analysesReceived, analysesRequested, analysisRequested, categoryReceived, popularReceived, searchRetried, searchTermChanged } from './catalogueSlice';
import { activeLaboratorySet } from '@/features/lab/labSlice';
import { fakeBackend, type FakeAnswer, type FakeRequest } from '@/testing/fakeBackend';

const analysis = (id: number, name: string, laboratoryId = '1'): AnalysisDto => ({
  id,
  name,
  code: `C${id}`,
  description: '',
  execPeriod: 1,
  catalogueHeaders: id === 1 ? [{ id: 23, name: 'Popular' }] : [],
  prices: [{ id, priceListId: Number(laboratoryId), currency: 'PLN', created: '', updated: '', price: 10 * id }],
  materials: [],
  restrictions: {},
});
const profile = (id: number, name: string): ProfileDto => ({ id, name, description: '', labServices: [], code: `P${id}`, created: '', updated: '' });

/** The pause of a person between keystrokes (shorter than the search debounce). */
const typingPause = () => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS / 4));
/** Waits for the store to reach a state (never for a fixed time: a busy machine only makes it later). */
async function until(check: () => boolean, what = 'the expected state'): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const catalogueRoutes = (req: FakeRequest): FakeAnswer => {
  const laboratoryId = req.params.laboratoryId as string | undefined;
  if (req.url === 'labService') return [200, [analysis(1, 'Glucose', laboratoryId), analysis(2, 'Ferritin', laboratoryId)]];
  if (req.url === 'profiles') return [200, [profile(1, 'Women health'), profile(2, 'Профиль 2. Печень'), profile(3, 'Профиль 12. Гормоны')]];
  if (req.url === 'labService/search') return [200, [analysis(1, `Found ${req.params.searchNameTerm as string}`)], { delayMs: 50 }];
  if (req.url === 'labService/404') return [404, { error: 'Analysis not found' }];
  if (req.url.startsWith('labService/')) return [200, analysis(Number(req.url.split('/')[1]), 'Card')];
  return [500, { error: 'unexpected' }];
};

describe('catalogueSaga', () => {
  let backend: ReturnType<typeof fakeBackend>;
  afterEach(() => backend.restore());

  it('does not fetch analyses without an active laboratory', async () => {
    backend = fakeBackend({ '*': catalogueRoutes });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(analysesRequested());
    // Something else the saga does answers; by then the analyses would have been asked for.
    store.dispatch(analysisRequested(3));
    await until(() => store.getState().catalogue.analysis.status === Status.SUCCESS);
    expect(backend.requests.map((r) => r.url)).toEqual(['labService/3']);
    expect(store.getState().catalogue.analyses.status).toBe(Status.INITIAL);
  });

  it('loads the analyses and ordered profiles of a newly active laboratory', async () => {
    backend = fakeBackend({ '*': catalogueRoutes });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(activeLaboratorySet('7'));
    expect(store.getState().catalogue.analyses.status).toBe(Status.LOADING);
    await until(() => store.getState().catalogue.analyses.status === Status.SUCCESS && store.getState().catalogue.profiles.status === Status.SUCCESS);
    const c = store.getState().catalogue;
    expect(c.analyses.status).toBe(Status.SUCCESS);
    expect(c.analyses.laboratoryId).toBe('7');
    expect(c.analyses.data.map((a) => a.name)).toEqual(['Glucose', 'Ferritin']);
    expect(c.profiles.data.map((p) => p.name)).toEqual(['Профиль 2. Печень', 'Профиль 12. Гормоны', 'Women health']);
    expect(backend.requests.filter((r) => r.url === 'labService')[0]?.params).toEqual({ laboratoryId: '7' });
  });

  it('keeps analyses already loaded for the laboratory (server rendered) and reloads for another one', async () => {
    backend = fakeBackend({ '*': catalogueRoutes });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(analysesReceived({ laboratoryId: '1', data: [analysis(5, 'From server')] }));
    store.dispatch(activeLaboratorySet('1'));
    await until(() => store.getState().catalogue.profiles.status === Status.SUCCESS);
    expect(backend.requests.map((r) => r.url)).toEqual(['profiles']);
    expect(store.getState().catalogue.analyses.data.map((a) => a.name)).toEqual(['From server']);
    store.dispatch(activeLaboratorySet('2'));
    await until(() => store.getState().catalogue.analyses.laboratoryId === '2' && store.getState().catalogue.analyses.status === Status.SUCCESS);
    expect(store.getState().catalogue.analyses.data.map((a) => a.prices[0]?.priceListId)).toEqual([2, 2]);
  });

  it('keeps server-rendered popular and category lists on screen and refreshes them from the analyses of a new laboratory', async () => {
    backend = fakeBackend({ '*': (req) => (req.url === 'labService' ? ([...catalogueRoutes(req), { delayMs: 30 }] as FakeAnswer) : catalogueRoutes(req)) });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(popularReceived({ laboratoryId: '1', data: [analysis(9, 'Server popular')] }));
    store.dispatch(categoryReceived({ laboratoryId: '1', headerId: 23, data: [analysis(9, 'Server popular')] }));
    store.dispatch(activeLaboratorySet('1'));
    // The full list of the same laboratory is loading: the lists stay as they are.
    expect(store.getState().catalogue.analyses.status).toBe(Status.LOADING);
    expect(store.getState().catalogue.popular.status).toBe(Status.SUCCESS);
    await until(() => store.getState().catalogue.popular.data[0]?.name === 'Glucose', 'the popular list of the loaded analyses');
    expect(store.getState().catalogue.popular.data.map((a) => a.name)).toEqual(['Glucose']);
    // Another laboratory: the lists show loading until its analyses arrive.
    store.dispatch(activeLaboratorySet('2'));
    expect(store.getState().catalogue.category.status).toBe(Status.LOADING);
    await until(() => store.getState().catalogue.category.laboratoryId === '2' && store.getState().catalogue.category.status === Status.SUCCESS);
    const { category } = store.getState().catalogue;
    expect(category).toMatchObject({ headerId: 23, laboratoryId: '2', status: Status.SUCCESS });
    expect(category.data.map((a) => [a.name, a.prices[0]?.priceListId])).toEqual([['Glucose', 2]]);
  });

  it('searches once after the user stops typing', async () => {
    backend = fakeBackend({ '*': catalogueRoutes });
    const store = makeStore({ saga: catalogueSaga });
    for (const term of ['g', 'gl', 'glu']) {
      store.dispatch(searchTermChanged(term));
      await typingPause();
    }
    expect(store.getState().catalogue.search.status).toBe(Status.LOADING);
    await until(() => store.getState().catalogue.search.status === Status.SUCCESS);
    expect(backend.requests.map((r) => r.params.searchNameTerm)).toEqual(['glu']);
    const s = store.getState().catalogue.search;
    expect(s.status).toBe(Status.SUCCESS);
    expect(s.data.map((a) => a.name)).toEqual(['Found glu']);
    expect(s.resultsTerm).toBe('glu');
  });

  it('aborts a request made stale by newer typing', async () => {
    backend = fakeBackend({ '*': catalogueRoutes });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(searchTermChanged('glu'));
    await until(() => backend.requests.length === 1, 'the request for "glu" in flight');
    store.dispatch(searchTermChanged('gluc'));
    await until(() => store.getState().catalogue.search.status === Status.SUCCESS);
    expect(backend.requests.map((r) => r.params.searchNameTerm)).toEqual(['glu', 'gluc']);
    expect(backend.requests[0]?.signal?.aborted).toBe(true);
    expect(backend.requests[1]?.signal?.aborted).toBe(false);
    expect(store.getState().catalogue.search.data.map((a) => a.name)).toEqual(['Found gluc']);
  });

  it('clears results for an empty term without calling the backend', async () => {
    backend = fakeBackend({ '*': catalogueRoutes });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(searchTermChanged('   '));
    expect(store.getState().catalogue.search.status).toBe(Status.INITIAL);
    // A later term is searched; the empty one never was.
    store.dispatch(analysisRequested(3));
    await until(() => store.getState().catalogue.analysis.status === Status.SUCCESS);
    expect(backend.requests.map((r) => r.url)).toEqual(['labService/3']);
    expect(store.getState().catalogue.search.status).toBe(Status.INITIAL);
  });

  it('shows a failed search as an error and searches again on retry', async () => {
    let fail = true;
    backend = fakeBackend({ '*': (req) => (fail ? [500, { error: 'down' }] : catalogueRoutes(req)) });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(searchTermChanged('ferritin'));
    await until(() => store.getState().catalogue.search.status === Status.ERROR);
    fail = false;
    store.dispatch(searchRetried());
    await until(() => store.getState().catalogue.search.status === Status.SUCCESS);
    expect(store.getState().catalogue.search.status).toBe(Status.SUCCESS);
  });

  it('marks an unknown analysis as not found', async () => {
    backend = fakeBackend({ '*': catalogueRoutes });
    const store = makeStore({ saga: catalogueSaga });
    store.dispatch(analysisRequested(404));
    await until(() => store.getState().catalogue.analysis.status === Status.ERROR);
    expect(store.getState().catalogue.analysis).toMatchObject({ id: 404, status: Status.ERROR, error: { status: 404 } });
    store.dispatch(analysisRequested(3));
    await until(() => store.getState().catalogue.analysis.status === Status.SUCCESS);
    expect(store.getState().catalogue.analysis).toMatchObject({ id: 3, status: Status.SUCCESS, error: null });
  });
});
