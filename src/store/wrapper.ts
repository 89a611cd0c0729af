import { useEffect } from 'react';
import { configureStore, Tuple, type Middleware } from '@reduxjs/toolkit';
import { createWrapper } from 'next-redux-wrapper';
import { HYDRATED_ATTRIBUTE } from '@/lib/hydration';
import { configureAppStore, type AppStore } from './configureAppStore';
import { lazySagas } from './lazySagas';

/** Settled by `useHydrationAfterFirstRender`'s effect (the browser's first render is done). */
const firstRenderDone = (() => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
})();

/**
 * next-redux-wrapper 9: the server records the actions dispatched in getServerSideProps /
 * getStaticProps and the page replays them in the browser through `wrapper.useHydration(props)`.
 * Server-side data functions dispatch plain "received" actions computed from server services, so
 * the replay never triggers a second fetch. See docs/architecture.md.
 *
 * Pages without server data may call `wrapper.useHydration(props)` too (it replays nothing) or skip it.
 */
export const wrapper = createWrapper<AppStore>(({ context, reduxWrapperMiddleware }) =>
  typeof window === 'undefined' && context && 'req' in context && context.req
    ? recordingStore(reduxWrapperMiddleware)
    : configureAppStore({
        extraMiddleware: [reduxWrapperMiddleware],
        // The server runs no saga (pages get their data from server services). The browser loads the
        // sagas with their API clients and axios in a chunk of their own, requested a task after the
        // store is made but not part of any page's first JavaScript; actions dispatched before they
        // start are handed to them then.
        // They start once the page's first render has committed and run its effects (firstRenderDone):
        // the start-up actions those effects dispatch are then handed to them in tasks of their own.
        // Only the start-up sagas come in that chunk; the other features' sagas are loaded when the
        // feature is first used (src/store/lazySagas.ts).
        saga:
          typeof window === 'undefined'
            ? null
            : { load: () => import('./startupSaga').then((m) => m.startupSaga), after: firstRenderDone.promise, lazy: lazySagas },
      }),
);

/**
 * The store getServerSideProps dispatches into on the server only records its actions for the page
 * (next-redux-wrapper's middleware): no reducer runs, because no data function reads the state back
 * and the server render builds its own store from the same actions (`wrapper.useStore()` in `_app`,
 * replayed by `useHydration`), as the browser does. Running the reducers here too cost every page
 * request the reducers' work (immer drafts and freezes of every payload) a second time.
 */
function recordingStore(record: Middleware): AppStore {
  const store = configureStore({
    reducer: (state: Record<string, never> = {}) => state,
    middleware: () => new Tuple(record),
    devTools: false,
  });
  return Object.assign(store, { sagaTask: null, injectSaga: () => Promise.resolve() }) as unknown as AppStore;
}

/** The flag next-redux-wrapper 9 sets after the first page that called useHydration has mounted. */
const FIRST_RENDER_FLAG = '__NEXT_REDUX_WRAPPER_FIRST_RENDER__';

/**
 * Called once by `_app`: marks the first render as done even when the first page did not call
 * `wrapper.useHydration`. Without it, the next page with server data would replay its actions during
 * render (React: "Cannot update a component while rendering a different component"); with it, the
 * replay happens in a layout effect on every client navigation.
 */
export function useHydrationAfterFirstRender(): void {
  useEffect(() => {
    (window as unknown as Record<string, unknown>)[FIRST_RENDER_FLAG] = true;
    // The server HTML is shown before the page's script has run; this attribute says the page now
    // answers (browser tests wait for it before they type or click).
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    firstRenderDone.resolve();
  }, []);
}
