/** @jest-environment node */
import type { GetServerSidePropsContext } from 'next';
import { wrapper } from './wrapper';
import { analysisReceived } from '@/features/catalogue/catalogueSlice';
import { configureAppStore } from './configureAppStore';

const analysis = { id: 46, code: 'HR001', name: 'TSH', prices: [] } as unknown as Parameters<typeof analysisReceived>[0]['data'];

test('on the server, getServerSideProps records its actions for the page without running the reducers; replayed, they build the same state', async () => {
  let seenState: unknown;
  const gssp = wrapper.getServerSideProps((store) => async () => {
    store.dispatch(analysisReceived({ laboratoryId: 'warsaw-mokotow', data: analysis }));
    seenState = store.getState();
    return { props: { analysisId: 46 } };
  });
  const result = (await gssp({ req: {}, res: {}, query: {}, resolvedUrl: '/search/analysis/46' } as unknown as GetServerSidePropsContext)) as { props: Record<string, unknown> };
  const actions = result.props.reduxWrapperActionsGSSP as { type: string; payload: unknown }[];
  expect(result.props.analysisId).toBe(46);
  expect(actions).toEqual([analysisReceived({ laboratoryId: 'warsaw-mokotow', data: analysis })]);
  // The recording store keeps no state of its own.
  expect(seenState).toEqual({});

  // The render's store (and the browser's) gets the state from the recorded actions.
  const renderStore = configureAppStore({ saga: null });
  for (const a of actions) renderStore.dispatch(a);
  expect(renderStore.getState().catalogue.analysis).toMatchObject({ id: 46, laboratoryId: 'warsaw-mokotow', data: { name: 'TSH' } });
});
