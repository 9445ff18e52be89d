import type { RealtimeServerMessage } from '@parley/api';
import { describe, expect, it, vi } from 'vitest';
import { publishRealtime, subscribeRealtime } from './realtime-bus';

describe('realtime bus', () => {
  it('hands each message to the listeners of its type until they unsubscribe', () => {
    const onReady = vi.fn();
    const onError = vi.fn();
    const stop = subscribeRealtime('ready', onReady);
    subscribeRealtime('error', onError);
    const ready: RealtimeServerMessage = { type: 'ready' };
    publishRealtime(ready);
    expect(onReady).toHaveBeenCalledWith(ready);
    expect(onError).not.toHaveBeenCalled();
    stop();
    publishRealtime(ready);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('keeps going when a listener throws', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const second = vi.fn();
    const stopFirst = subscribeRealtime('ready', () => {
      throw new Error('boom');
    });
    const stopSecond = subscribeRealtime('ready', second);
    publishRealtime({ type: 'ready' });
    expect(second).toHaveBeenCalled();
    stopFirst();
    stopSecond();
    spy.mockRestore();
  });
});
