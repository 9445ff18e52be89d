import type { Notice } from '@parley/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, FakeSocketImpl as Impl } from '../testing/fake-socket';
import { connectRealtime, realtimeUrl } from './realtime-client';

function notice(id: number, read = false): Notice {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    type: 'notification',
    title: `Notice ${id}`,
    description: null,
    avatar: null,
    status: null,
    link: null,
    read,
    datetime: '2025-05-01T10:00:00.000Z',
  };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('connectRealtime (/ws)', () => {
  it('sends the token in the first message and hands notices over', () => {
    const onNotice = vi.fn();
    const connection = connectRealtime({ url: 'ws://parley.test/ws', token: 'a.b.c', onNotice, WebSocketImpl: Impl });
    const socket = FakeSocket.last();
    expect(socket.url).toBe('ws://parley.test/ws');

    socket.accept();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'a.b.c' }]);
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'notice', notice: notice(1) });
    socket.receive({ type: 'something else' });
    socket.dispatchEvent(new MessageEvent('message', { data: 'not json' }));

    expect(onNotice).toHaveBeenCalledTimes(1);
    expect(onNotice).toHaveBeenCalledWith(notice(1));
    connection.close();
  });

  it('hands every message, a video change included, to onMessage', () => {
    const onMessage = vi.fn();
    const onNotice = vi.fn();
    const connection = connectRealtime({ url: 'ws://x/ws', token: 't', onNotice, onMessage, WebSocketImpl: Impl });
    const video = {
      id: '00000000-0000-4000-8000-000000000010',
      title: 'Welcome',
      kind: 'library',
      ref: null,
      status: 'ready',
      contentType: 'video/webm',
      size: 100,
      durationSeconds: 5,
      posterUrl: null,
      playbackUrl: '/files/v.webm',
      owner: { id: '00000000-0000-4000-8000-000000000011', name: 'Nora Ali' },
      createdAt: '2026-11-23T10:00:00.000Z',
      errorMessage: null,
    };
    FakeSocket.last().accept();
    FakeSocket.last().receive({ type: 'video', video });
    FakeSocket.last().receive({ type: 'notice', notice: notice(2) });
    expect(onMessage).toHaveBeenNthCalledWith(1, { type: 'video', video });
    expect(onMessage).toHaveBeenCalledTimes(2);
    expect(onNotice).toHaveBeenCalledTimes(1);
    connection.close();
  });

  it('reconnects with a doubling wait after the connection drops, and starts over once accepted', () => {
    const onReady = vi.fn();
    const connection = connectRealtime({
      url: 'ws://parley.test/ws',
      token: 't',
      onNotice: vi.fn(),
      onReady,
      WebSocketImpl: Impl,
      random: () => 1,
    });
    FakeSocket.last().accept();
    FakeSocket.last().receive({ type: 'ready' });
    expect(onReady).toHaveBeenLastCalledWith(false);

    FakeSocket.last().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    FakeSocket.last().accept();
    FakeSocket.last().receive({ type: 'ready' });
    expect(onReady).toHaveBeenLastCalledWith(true);
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(4);
    connection.close();
  });

  it('never waits longer than the cap', () => {
    const connection = connectRealtime({
      url: 'ws://x/ws',
      token: 't',
      onNotice: vi.fn(),
      WebSocketImpl: Impl,
      random: () => 1,
      maxDelayMs: 4000,
    });
    for (const wait of [1000, 2000, 4000, 4000, 4000]) {
      const count = FakeSocket.instances.length;
      FakeSocket.last().drop();
      vi.advanceTimersByTime(wait);
      expect(FakeSocket.instances).toHaveLength(count + 1);
    }
    connection.close();
  });

  it('comes back at once when the browser is online again', () => {
    const connection = connectRealtime({ url: 'ws://x/ws', token: 't', onNotice: vi.fn(), WebSocketImpl: Impl });
    FakeSocket.last().drop();
    expect(FakeSocket.instances).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(2);
    connection.close();
  });

  it('stops for good when the token is refused (4401)', () => {
    const onUnauthorized = vi.fn();
    connectRealtime({ url: 'ws://x/ws', token: 't', onNotice: vi.fn(), onUnauthorized, WebSocketImpl: Impl });
    FakeSocket.last().accept();
    FakeSocket.last().drop(4401);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('close() closes the socket and cancels a pending reconnection', () => {
    const connection = connectRealtime({ url: 'ws://x/ws', token: 't', onNotice: vi.fn(), WebSocketImpl: Impl });
    FakeSocket.last().accept();
    connection.close();
    expect(FakeSocket.last().closedWith).toBe(1000);

    const again = connectRealtime({ url: 'ws://x/ws', token: 't', onNotice: vi.fn(), WebSocketImpl: Impl });
    FakeSocket.last().drop();
    again.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});

describe('realtimeUrl', () => {
  it('is /ws of the page’s own origin, ws or wss to match', () => {
    expect(realtimeUrl('', 'http://localhost:8080')).toBe('ws://localhost:8080/ws');
    expect(realtimeUrl('', 'https://parley.example.com')).toBe('wss://parley.example.com/ws');
    expect(realtimeUrl('https://api.parley.example.com', 'https://parley.example.com')).toBe(
      'wss://api.parley.example.com/ws',
    );
  });
});
