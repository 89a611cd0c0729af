import { takeEvery, put } from 'redux-saga/effects';
import { errorRecorded, errorsCleared } from '@/features/shell/errorsSlice';
import { configureAppStore, type RootSaga } from './configureAppStore';

/** The browser's store: its sagas arrive in a chunk of their own, after the first actions. */

const recorded = (task: string) => errorRecorded({ task, message: 'm', at: '2026-11-25T08:00:00Z' });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** A saga that answers every recorded error by clearing the list, and notes what it saw. */
function clearingSaga(seen: string[]): RootSaga {
  return function* saga() {
    yield takeEvery(errorRecorded.type, function* onRecorded(action: ReturnType<typeof errorRecorded>) {
      seen.push(action.payload.task);
      yield put(errorsCleared());
    });
  };
}

const nextTimer = () => new Promise((resolve) => setTimeout(resolve, 0));

// The chunk is asked for a task after the store is made, the sagas start a task after it has
// loaded, and the kept actions follow one a task: ten rounds of timers see them all delivered.
const flush = async () => {
  for (let i = 0; i < 10; i++) await nextTimer();
};

test('actions dispatched before the sagas arrive reach the reducers once, then the sagas in order', async () => {
  const seen: string[] = [];
  const chunk = deferred<RootSaga>();
  const store = configureAppStore({ saga: { load: () => chunk.promise } });
  store.dispatch(recorded('first'));
  store.dispatch(recorded('second'));
  // The reducers answered at once, each action once; no saga yet.
  expect(store.getState().errors.items.map((e) => e.task)).toEqual(['first', 'second']);
  expect(store.sagaTask).toBeNull();

  chunk.resolve(clearingSaga(seen));
  await flush();
  expect(seen).toEqual(['first', 'second']);
  expect(store.getState().errors.items).toEqual([]);
  expect(store.sagaTask?.isRunning()).toBe(true);

  // Afterwards actions go to the sagas directly, once.
  store.dispatch(recorded('third'));
  await flush();
  expect(seen).toEqual(['first', 'second', 'third']);
  expect(store.getState().errors.items).toEqual([]);
});

test('a failed load of the sagas is tried again, and the early actions still reach them', async () => {
  const seen: string[] = [];
  let attempts = 0;
  const store = configureAppStore({
    saga: {
      load: async () => {
        attempts++;
        if (attempts === 1) throw new Error('ChunkLoadError');
        return clearingSaga(seen);
      },
    },
  });
  store.dispatch(recorded('early'));
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(attempts).toBe(2);
  expect(seen).toEqual(['early']);
  expect(store.getState().errors.items).toEqual([]);
});

test('a saga given as a function runs at once; null runs none', () => {
  const seen: string[] = [];
  const now = configureAppStore({ saga: clearingSaga(seen) });
  now.dispatch(recorded('now'));
  expect(seen).toEqual(['now']);
  const none = configureAppStore({ saga: null });
  none.dispatch(recorded('kept'));
  expect(none.getState().errors.items).toHaveLength(1);
  expect(none.sagaTask).toBeNull();
});

test('the sagas wait for `after` (the first render done) even when their chunk is there', async () => {
  const seen: string[] = [];
  const firstRender = deferred<void>();
  const store = configureAppStore({ saga: { load: async () => clearingSaga(seen), after: firstRender.promise } });
  store.dispatch(recorded('start-up'));
  await flush();
  expect(store.sagaTask).toBeNull();
  expect(seen).toEqual([]);

  firstRender.resolve();
  await flush();
  expect(seen).toEqual(['start-up']);
  expect(store.getState().errors.items).toEqual([]);
});

test('actions dispatched while the kept ones are handed over wait behind them, and each reaches the sagas once', async () => {
  const seen: string[] = [];
  const store = configureAppStore({ saga: { load: async () => clearingSaga(seen) } });
  for (const name of ['a', 'b', 'c']) store.dispatch(recorded(name));
  while (!store.sagaTask) await nextTimer();
  // The sagas run; the kept actions are still on their way, one a task.
  expect(seen.length).toBeLessThan(3);
  store.dispatch(recorded('d'));
  await flush();
  expect(seen).toEqual(['a', 'b', 'c', 'd']);
  store.dispatch(recorded('e'));
  await flush();
  expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
});

test('a feature saga is loaded with its feature\'s first action, which it still sees, and later actions in order; the other sagas are not held up for good', async () => {
  const seen: string[] = [];
  const chunk = deferred<RootSaga>();
  let loads = 0;
  const store = configureAppStore({
    saga: {
      load: async () => clearingSaga([]),
      lazy: {
        shell: () => {
          loads++;
          return chunk.promise;
        },
      },
    },
  });
  await flush();
  expect(loads).toBe(0);
  // A `shell/...` action: the first of the (here lazily loaded) `shell` feature.
  store.dispatch({ type: 'shell/ping' });
  store.dispatch({ type: 'shell/ping' });
  expect(loads).toBe(1);
  await flush();
  chunk.resolve(function* pings() {
    yield takeEvery('shell/ping', function* onPing() {
      seen.push('ping');
    });
  });
  await flush();
  expect(seen).toEqual(['ping', 'ping']);
  store.dispatch({ type: 'shell/ping' });
  await flush();
  expect(seen).toEqual(['ping', 'ping', 'ping']);
  // Asked for again (by a page): no second load.
  await store.injectSaga('shell');
  expect(loads).toBe(1);
});

test('while a feature saga loads, the start-up sagas\' actions wait and then arrive in order', async () => {
  const seen: string[] = [];
  const chunk = deferred<RootSaga>();
  const store = configureAppStore({ saga: { load: async () => clearingSaga(seen), lazy: { later: () => chunk.promise } } });
  await flush();
  store.dispatch(recorded('before'));
  await flush();
  expect(seen).toEqual(['before']);
  store.dispatch({ type: 'later/first' });
  store.dispatch(recorded('during'));
  await flush();
  expect(seen).toEqual(['before']);
  chunk.resolve(function* idle() {});
  await flush();
  expect(seen).toEqual(['before', 'during']);
});
