import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { useDebouncedUrlQuery } from './useDebouncedUrlQuery';

/** A router whose events really reach their handlers and whose `replace` is recorded. */
function router(): NextRouter & { emit(event: string): void } {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const events = {
    on: (event: string, h: (...args: unknown[]) => void) => void handlers.set(event, (handlers.get(event) ?? new Set()).add(h)),
    off: (event: string, h: (...args: unknown[]) => void) => void handlers.get(event)?.delete(h),
    emit: (event: string) => handlers.get(event)?.forEach((h) => h()),
  };
  // Only what the hook uses: the events and `replace`.
  return {
    replace: jest.fn(() => Promise.resolve(true)),
    events,
    emit: events.emit,
  } as unknown as NextRouter & { emit(event: string): void };
}

function setup() {
  const r = router();
  const wrapper = ({ children }: { children: ReactNode }) => <RouterContext.Provider value={r}>{children}</RouterContext.Provider>;
  const hook = renderHook(() => useDebouncedUrlQuery('/search', 'q', 400), { wrapper });
  return { r, hook, keep: (v: string) => act(() => hook.result.current(v)) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useDebouncedUrlQuery', () => {
  it('writes only the last value, trimmed, once typing pauses, with a shallow replace', () => {
    const { r, keep } = setup();
    keep('g');
    keep('gl');
    keep(' glu ');
    act(() => jest.advanceTimersByTime(399));
    expect(r.replace).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(r.replace).toHaveBeenCalledTimes(1);
    expect(r.replace).toHaveBeenCalledWith({ pathname: '/search', query: { q: 'glu' } }, undefined, { shallow: true, scroll: false });
  });

  it('drops the parameter for a blank value', () => {
    const { r, keep } = setup();
    keep('   ');
    act(() => jest.runOnlyPendingTimers());
    expect(r.replace).toHaveBeenCalledWith({ pathname: '/search', query: {} }, undefined, { shallow: true, scroll: false });
  });

  it('a navigation the user starts, or leaving the page, drops the pending write', () => {
    const { r, hook, keep } = setup();
    keep('ferritin');
    act(() => r.emit('routeChangeStart'));
    act(() => jest.runOnlyPendingTimers());
    expect(r.replace).not.toHaveBeenCalled();

    keep('tsh');
    hook.unmount();
    act(() => jest.runOnlyPendingTimers());
    expect(r.replace).not.toHaveBeenCalled();
  });
});
