import { makeStore } from './makeStore';
import { logout } from '@/features/auth/authSlice';

/**
 * Sign-out must leave nothing of the previous user: every user-scoped slice goes back to what a
 * fresh visitor's store holds (the cart becomes the visitor's empty cart).
 */
test('sign-out resets every user-scoped slice to a visitor store', () => {
  const visitor = makeStore({ saga: null });
  visitor.dispatch(logout());
  const visitorState = visitor.getState();

  const store = makeStore({ saga: null });
  // Fill every slice through its own reducers with whatever actions they accept.
  const dirty = { type: 'test/dirty' };
  store.dispatch(dirty);
  const state = store.getState() as unknown as Record<string, unknown>;
  const userScoped = ['auth', 'account', 'patients', 'cart', 'checkout', 'orders', 'results', 'staff'] as const;
  const withUserData = makeStore({
    saga: null,
    preloadedState: Object.fromEntries(
      userScoped.map((k) => [k, { ...(state[k] as object), __userData: 'previous user' }]),
    ) as never,
  });
  for (const k of userScoped) expect((withUserData.getState() as unknown as Record<string, Record<string, unknown>>)[k]?.__userData).toBe('previous user');

  withUserData.dispatch(logout());
  const after = withUserData.getState() as unknown as Record<string, unknown>;
  for (const k of userScoped) {
    expect(after[k]).toEqual((visitorState as unknown as Record<string, unknown>)[k]);
  }
});
