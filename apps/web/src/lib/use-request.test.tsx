import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRequest } from './use-request';

/** A request whose answer the test gives when it likes. */
function deferred<Data>() {
  let resolve: (data: Data) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<Data>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useRequest', () => {
  it('goes pending, then success with the data and the variables, and tells onSuccess', async () => {
    const answer = deferred<string>();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useRequest((_name: string) => answer.promise, { onSuccess }));
    expect(result.current).toMatchObject({ status: 'idle', isPending: false, isSuccess: false, data: undefined });

    act(() => result.current.mutate('lea'));
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, variables: 'lea' });

    await act(async () => answer.resolve('hello lea'));
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, data: 'hello lea', variables: 'lea' });
    expect(onSuccess).toHaveBeenCalledWith('hello lea', 'lea');
  });

  it('keeps a failure as its error and tells onError; mutate never throws, mutateAsync rejects', async () => {
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useRequest(async (_: number) => Promise.reject(new Error('refused')), { onError }),
    );
    act(() => result.current.mutate(1));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('refused');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'refused' }), 1);

    await act(async () => {
      await expect(result.current.mutateAsync(2)).rejects.toThrow('refused');
    });
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('shows the latest call: an earlier answer arriving last does not overwrite it', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers = [first, second];
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useRequest((_: number) => (answers.shift() ?? first).promise, { onSuccess }));
    act(() => result.current.mutate(1));
    act(() => result.current.mutate(2));
    await act(async () => second.resolve('second'));
    await act(async () => first.resolve('first'));
    expect(result.current).toMatchObject({ status: 'success', data: 'second', variables: 2 });
    // Every call's outcome still reaches the callbacks.
    expect(onSuccess).toHaveBeenCalledTimes(2);
  });

  it('uses the newest callbacks given, and keeps mutate the same function between renders', async () => {
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ label }) => useRequest(async (value: string) => value, { onSuccess: (data) => seen.push(`${label}:${data}`) }),
      { initialProps: { label: 'old' } },
    );
    const mutate = result.current.mutate;
    rerender({ label: 'new' });
    expect(result.current.mutate).toBe(mutate);
    await act(async () => result.current.mutate('x'));
    expect(seen).toEqual(['new:x']);
  });
});
