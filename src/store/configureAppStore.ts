import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { stdChannel, type Task } from 'redux-saga';
import { rootReducer } from './rootReducer';
import { nextTask } from '@/lib/nextTask';

export type RootSaga = () => Generator;

export interface MakeStoreOptions {
  /** Added by next-redux-wrapper to record server actions for replay in the browser. */
  extraMiddleware?: Middleware[];
  preloadedState?: Partial<ReturnType<typeof rootReducer>>;
  /**
   * The saga to run: run at once, none (`null`, the server), or a loader whose saga starts when its
   * code has arrived (the browser, see startSagasWhenLoaded).
   */
  saga: RootSaga | null | { load: () => Promise<RootSaga> };
}

/**
 * The store without any saga code of its own: the browser's store (src/store/wrapper.ts) loads the
 * sagas, their API clients and axios in a chunk of their own instead of with every page's first
 * JavaScript. `makeStore` (src/store/makeStore.ts) is this store with the root saga running at once.
 */
export function configureAppStore(options: MakeStoreOptions) {
  const channel = stdChannel<UnknownAction>();
  const sagaMiddleware = createSagaMiddleware({ channel });
  const saga = options.saga;
  const later = saga && typeof saga === 'object' ? startSagasWhenLoaded(saga.load) : null;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(...(later ? [later.recorder] : []), sagaMiddleware, ...(options.extraMiddleware ?? [])),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const appStore = Object.assign(store, { sagaTask: typeof saga === 'function' ? sagaMiddleware.run(saga) : (null as Task | null) });
  later?.start((loaded) => {
    appStore.sagaTask = sagaMiddleware.run(loaded);
    return channel;
  });
  return appStore;
}

/** Attempts at loading the sagas' chunk (a flaky connection), a second apart. */
const LOAD_ATTEMPTS = 5;

/**
 * Sagas that start when their code has loaded. Until then every dispatched action reaches the
 * reducers as usual and is also kept; once the sagas run, the kept actions are handed to them (to
 * the sagas only, through the saga middleware's channel, not to the reducers a second time), in
 * order, so a start-up action or an early click is answered as if the sagas had run from the start.
 */
function startSagasWhenLoaded(load: () => Promise<RootSaga>) {
  const early: UnknownAction[] = [];
  let running = false;
  const recorder: Middleware = () => (next) => (action) => {
    const result = next(action);
    if (!running) early.push(action as UnknownAction);
    return result;
  };
  const start = async (run: (saga: RootSaga) => { put(action: UnknownAction): void }) => {
    // The store is made inside the first render (hydration); the chunk's script element is added a
    // task later, outside that render's long task.
    await nextTask(undefined);
    for (let attempt = 1; ; attempt++) {
      try {
        const saga = await load();
        // The chunk's modules were just instantiated in this task; the sagas start in the next one,
        // so a phone's main thread gets two shorter tasks instead of one long one.
        await nextTask(undefined);
        const channel = run(saga);
        running = true;
        for (const action of early.splice(0)) channel.put(action);
        return;
      } catch (e) {
        if (attempt >= LOAD_ATTEMPTS) {
          console.error('The sagas could not be loaded', e);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  return { recorder, start: (run: Parameters<typeof start>[0]) => void start(run) };
}

export type AppStore = ReturnType<typeof configureAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
