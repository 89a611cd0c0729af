import { createWrapper } from 'next-redux-wrapper';
import { makeStore, type AppStore } from './makeStore';

/**
 * next-redux-wrapper 9: the server records the actions dispatched in getServerSideProps /
 * getStaticProps and the page replays them in the browser through `wrapper.useHydration(props)`.
 * Server-side data functions dispatch plain "received" actions computed from server services, so
 * the replay never triggers a second fetch. See docs/decisions.md.
 */
export const wrapper = createWrapper<AppStore>(({ reduxWrapperMiddleware }) =>
  makeStore({ extraMiddleware: [reduxWrapperMiddleware], saga: typeof window === 'undefined' ? null : undefined }),
);
