import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { stdChannel, type MulticastChannel, type Task } from 'redux-saga';
import { rootReducer } from './rootReducer';
import { nextTask } from '@/lib/nextTask';

export type RootSaga = () => Generator;

/** Sagas loaded in a chunk of their own (the browser): see startSagasWhenLoaded. */
export interface LaterSaga {
  load: () => Promise<RootSaga>;
  /** The sagas start only once this has settled too (the browser: the page's first render is done). */
  after?: Promise<unknown>;
}

export interface MakeStoreOptions {
  /** Added by next-redux-wrapper to record server actions for replay in the browser. */
  extraMiddleware?: Middleware[];
  preloadedState?: Partial<ReturnType<typeof rootReducer>>;
  /**
   * The saga to run: run at once, none (`null`, the server), or a loader whose saga starts when its
   * code has arrived (the browser, see startSagasWhenLoaded).
   */
  saga: RootSaga | null | LaterSaga;
}

/**
 * The store without any saga code of its own: the browser's store (src/store/wrapper.ts) loads the
 * sagas, their API clients and axios in a chunk of their own instead of with every page's first
 * JavaScript. `makeStore` (src/store/makeStore.ts) is this store with the root saga running at once.
 */
export function configureAppStore(options: MakeStoreOptions) {
  const channel = stdChannel<UnknownAction>();
  const saga = options.saga;
  const later = saga && typeof saga === 'object' ? startSagasWhenLoaded(channel, saga) : null;
  const sagaMiddleware = createSagaMiddleware({ channel });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware, ...(options.extraMiddleware ?? [])),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const appStore = Object.assign(store, { sagaTask: typeof saga === 'function' ? sagaMiddleware.run(saga) : (null as Task | null) });
  later?.((loaded) => {
    appStore.sagaTask = sagaMiddleware.run(loaded);
  });
  return appStore;
}

/** Attempts at loading the sagas' chunk (a flaky connection), a second apart. */
const LOAD_ATTEMPTS = 5;

/**
 * Sagas that start when their code has loaded (and `after` has settled). Every dispatched action
 * reaches the reducers at once, as usual; what the saga middleware hands to the sagas' channel is
 * kept at the channel until the sagas run, then handed over in order, one action a task (what the
 * sagas do at once for one action, a request set up or a state update, makes one short task).
 * Actions dispatched meanwhile, the sagas' own included, wait behind the kept ones, so the sagas see
 * every action once and in the order it was dispatched, as if they had run from the start.
 */
function startSagasWhenLoaded(channel: MulticastChannel<UnknownAction>, { load, after }: LaterSaga) {
  const kept: UnknownAction[] = [];
  const deliver = channel.put;
  let gated = true;
  channel.put = (action: UnknownAction) => {
    if (gated) kept.push(action);
    else deliver(action);
  };
  return (run: (saga: RootSaga) => void) =>
    void (async () => {
      // The store is made inside the first render (hydration); the chunk's script element is added a
      // task later, outside that render's long task.
      await nextTask(undefined);
      for (let attempt = 1; ; attempt++) {
        try {
          const [saga] = await Promise.all([load(), after]);
          // The chunk's modules were just instantiated in this task; the sagas start in the next one,
          // so a phone's main thread gets two shorter tasks instead of one long one.
          await nextTask(undefined);
          run(saga);
          while (kept.length) {
            await nextTask(undefined);
            deliver(kept.shift()!);
          }
          gated = false;
          return;
        } catch (e) {
          if (attempt >= LOAD_ATTEMPTS) {
            console.error('The sagas could not be loaded', e);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    })();
}

export type AppStore = ReturnType<typeof configureAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
