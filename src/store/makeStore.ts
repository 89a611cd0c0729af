import { configureAppStore, type MakeStoreOptions as StoreOptions, type RootSaga } from './configureAppStore';
import { rootSaga } from './rootSaga';

export type { AppStore, RootState, AppDispatch } from './configureAppStore';

export interface MakeStoreOptions extends Omit<StoreOptions, 'saga'> {
  /** Tests run their own saga (or none); the default is the root saga, running at once. */
  saga?: RootSaga | null;
}

/** A store with the root saga running at once (tests, scripts); the app's store is made in wrapper.ts. */
export function makeStore(options: MakeStoreOptions = {}) {
  return configureAppStore({ ...options, saga: options.saga === undefined ? rootSaga : options.saga });
}
