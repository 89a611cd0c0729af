import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@/lib/apiError';
import { Status } from '@/lib/status';
import { useCall } from './useCall';

describe('useCall', () => {
  it('keeps the answer of a call as a resource', async () => {
    const { result } = renderHook(() => useCall((n: number) => Promise.resolve(n * 2)));
    expect(result.current.resource).toEqual({ status: Status.INITIAL, data: null, error: null });
    let ok = false;
    await act(async () => {
      ok = await result.current.run(21);
    });
    expect(ok).toBe(true);
    expect(result.current.resource).toEqual({ status: Status.SUCCESS, data: 42, error: null });
  });

  it('keeps a failure through toFailure, and the last answer', async () => {
    let fail = false;
    const { result } = renderHook(() => useCall(() => (fail ? Promise.reject(new ApiError('Refused', 409, {}, 'conflict')) : Promise.resolve('x'))));
    await act(async () => {
      await result.current.run();
    });
    fail = true;
    let ok = true;
    await act(async () => {
      ok = await result.current.run();
    });
    expect(ok).toBe(false);
    expect(result.current.resource).toEqual({ status: Status.ERROR, data: 'x', error: { status: 409, code: 'conflict', message: 'Refused', fields: {} } });
  });

  it('lets the last run win', async () => {
    const answers: Array<(v: string) => void> = [];
    const { result } = renderHook(() => useCall(() => new Promise<string>((r) => answers.push(r))));
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = result.current.run();
    });
    act(() => {
      void result.current.run();
    });
    await act(async () => {
      answers[1]?.('second');
      answers[0]?.('first');
      expect(await first).toBe(false);
    });
    expect(result.current.resource.data).toBe('second');
  });
});
