import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { stdChannel, type MulticastChannel, type Task } from 'redux-saga';
import { rootReducer } from './rootReducer';
import { nextTask } from '@/lib/nextTask';
import { keepAlive } from './keepAlive';

export type RootSaga = () => Generator;

/** A feature's saga loaded when the feature is first used (see `LaterSaga.lazy`). */
export type LazySagas = Record<string, () => Promise<RootSaga>>;

/** Sagas loaded in a chunk of their own (the browser): see gateChannel. */
export interface LaterSaga {
  load: () => Promise<RootSaga>;
  /** The sagas start only once this has settled too (the browser: the page's first render is done). */
  after?: Promise<unknown>;
  /**
   * Feature sagas that are not part of the start-up chunk, keyed by their slice's name. Each is
   * loaded and started (under `keepAlive`, as the root saga's tasks) when the first action of its
   * feature is dispatched (an action type `<name>/...`: a page asking for its orders, the server's
   * replayed "received" actions of an orders page), or when `store.injectSaga(name)` asks for it.
   * Until it runs, the actions meant for the sagas are kept (as for the start-up chunk) and then
   * handed over in order, so the injected saga sees its feature's first action too.
   */
  lazy?: LazySagas;
}

export interface MakeStoreOptions {
  /** Added by next-redux-wrapper to record server actions for replay in the browser. */
  extraMiddleware?: Middleware[];
  preloadedState?: Partial<ReturnType<typeof rootReducer>>;
  /**
   * The saga to run: run at once, none (`null`, the server), or a loader whose saga starts when its
   * code has arrived (the browser, see gateChannel).
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
  const later = saga && typeof saga === 'object' ? saga : null;
  const gate = later ? gateChannel(channel) : null;
  const sagaMiddleware = createSagaMiddleware({ channel });
  const lazy = later?.lazy ?? {};
  const injected = new Map<string, Promise<void>>();

  /** Loads and starts a feature's saga once; the channel is held meanwhile (see LaterSaga.lazy). */
  const injectSaga = (name: string): Promise<void> => {
    const load = lazy[name];
    if (!gate || !load) return Promise.resolve();
    let started = injected.get(name);
    if (!started) {
      gate.close();
      started = (async () => {
        try {
          const task = await withRetries(load, `the ${name} saga`);
          if (task) sagaMiddleware.run(keepAlive, name, task);
        } finally {
          gate.open();
        }
      })();
      injected.set(name, started);
    }
    return started;
  };
  // Before the saga middleware: the gate closes before the action reaches the sagas' channel.
  const injectByFeature: Middleware = () => (next) => (action) => {
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') {
      const slash = type.indexOf('/');
      if (slash > 0 && type.slice(0, slash) in lazy) void injectSaga(type.slice(0, slash));
    }
    return next(action);
  };

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(...(later?.lazy ? [injectByFeature] : []), sagaMiddleware, ...(options.extraMiddleware ?? [])),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const appStore = Object.assign(store, { sagaTask: typeof saga === 'function' ? sagaMiddleware.run(saga) : (null as Task | null), injectSaga });
  if (later && gate) {
    gate.close();
    void (async () => {
      // The store is made inside the first render (hydration); the chunk's script element is added a
      // task later, outside that render's long task.
      await nextTask(undefined);
      try {
        const [loaded] = await Promise.all([withRetries(later.load, 'the sagas'), later.after]);
        // The chunk's modules were just instantiated in this task; the sagas start in the next one,
        // so a phone's main thread gets two shorter tasks instead of one long one.
        await nextTask(undefined);
        if (loaded) appStore.sagaTask = sagaMiddleware.run(loaded);
      } finally {
        gate.open();
      }
    })();
  }
  return appStore;
}

/** Attempts at loading a saga chunk (a flaky connection), a second apart. */
const LOAD_ATTEMPTS = 5;

async function withRetries<T>(load: () => Promise<T>, what: string): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (e) {
      if (attempt >= LOAD_ATTEMPTS) {
        console.error(`${what} could not be loaded`, e);
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * Holds the sagas' channel while saga code is loading (the start-up chunk, an injected feature's
 * saga). Every dispatched action reaches the reducers at once, as usual; what the saga middleware
 * hands to the channel is kept while any load is under way, then handed over in order, one action
 * a task (what the sagas do at once for one action, a request set up or a state update, makes one
 * short task). Actions dispatched meanwhile, the sagas' own included, wait behind the kept ones, so
 * the sagas see every action once and in the order it was dispatched, as if they had run from the start.
 */
function gateChannel(channel: MulticastChannel<UnknownAction>) {
  const kept: UnknownAction[] = [];
  const deliver = channel.put;
  let loads = 0;
  let handingOver = false;
  channel.put = (action: UnknownAction) => {
    if (loads > 0 || handingOver || kept.length) kept.push(action);
    else deliver(action);
  };
  const handOver = async () => {
    if (handingOver) return;
    handingOver = true;
    try {
      while (kept.length) {
        await nextTask(undefined);
        // Another load began meanwhile: the rest waits for it (its open() hands them over).
        if (loads > 0) return;
        deliver(kept.shift()!);
      }
    } finally {
      handingOver = false;
    }
  };
  return {
    close: () => {
      loads++;
    },
    open: () => {
      loads--;
      if (loads === 0) void handOver();
    },
  };
}

export type AppStore = ReturnType<typeof configureAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
