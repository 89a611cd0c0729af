import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';

export interface MakeStoreOptions {
  /** Added by next-redux-wrapper to record server actions for replay in the browser. */
  extraMiddleware?: Middleware[];
  preloadedState?: Partial<ReturnType<typeof rootReducer>>;
  /** Tests run their own saga (or none). */
  saga?: (() => Generator) | null;
}

/** A new store for every request on the server and once in the browser. */
export function makeStore(options: MakeStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware, ...(options.extraMiddleware ?? [])),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const saga = options.saga === undefined ? rootSaga : options.saga;
  const sagaTask: Task | null = saga ? sagaMiddleware.run(saga) : null;
  return Object.assign(store, { sagaTask });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
