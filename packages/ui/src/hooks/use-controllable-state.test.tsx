import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useComposedRefs } from './use-composed-refs';
import { useControllableState } from './use-controllable-state';

describe('useControllableState', () => {
  it('keeps its own state when uncontrolled and reports changes', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState<number | undefined>(undefined, 1, onChange));
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('follows the caller when controlled and only asks for changes', () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useControllableState(value, 0, onChange), {
      initialProps: { value: 5 },
    });
    act(() => result.current[1](6));
    expect(result.current[0]).toBe(5);
    expect(onChange).toHaveBeenCalledWith(6);
    rerender({ value: 6 });
    expect(result.current[0]).toBe(6);
  });

  it('builds several updates in one event on each other', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState<number>(undefined, 1, onChange));
    act(() => {
      result.current[1]((previous) => previous + 1);
      result.current[1]((previous) => previous * 10);
    });
    expect(result.current[0]).toBe(20);
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it('asks a controlling owner again after it kept its value', () => {
    // A refused change used to stick as the starting point, so asking for it again was silent.
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState<string>('a', 'z', onChange));
    act(() => result.current[1]('b'));
    expect(result.current[0]).toBe('a');
    act(() => result.current[1]('b'));
    expect(onChange).toHaveBeenCalledTimes(2);
    act(() => result.current[1]((previous) => `${previous}!`));
    expect(onChange).toHaveBeenLastCalledWith('a!');
  });

  it('builds several updates in one event on each other when controlled, too', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState<number>(1, 0, onChange));
    act(() => {
      result.current[1]((previous) => previous + 1);
      result.current[1]((previous) => previous * 10);
    });
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it('stays silent when the value does not change', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState(undefined, 'a', onChange));
    act(() => result.current[1]('a'));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('useComposedRefs', () => {
  it('hands the node to object and callback refs', () => {
    const objectRef = { current: null as HTMLDivElement | null };
    const callbackRef = vi.fn();
    const { result } = renderHook(() => useComposedRefs<HTMLDivElement>(objectRef, callbackRef, undefined));
    const node = document.createElement('div');
    result.current(node);
    expect(objectRef.current).toBe(node);
    expect(callbackRef).toHaveBeenCalledWith(node);
  });
});
