import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_ID, CALL_TOKEN, FakeSocket, visitorCall } from './testing/fakes';
import { followCall, RECONNECT_DELAYS_MS } from './visitor-socket';

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the visitor's call socket", () => {
  it("opens the frame's own /ws, sends the call's token first, then reports the call as the server tells it", () => {
    const onCall = vi.fn();
    const onConnection = vi.fn();
    const { stop } = followCall({ token: CALL_TOKEN, onCall, onConnection });
    const socket = FakeSocket.last();
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: CALL_TOKEN }]);
    socket.receive({ type: 'ready' });
    expect(onConnection).toHaveBeenLastCalledWith(true);
    socket.receive({ type: 'visitorCall', call: visitorCall({ position: 1 }) });
    // Not the visitor's business, or not a call: left alone.
    socket.receive({ type: 'presence', presence: {} });
    socket.receive({ type: 'visitorCall', call: { id: 'nope' } });
    socket.dispatchEvent(new MessageEvent('message', { data: 'not json' }));
    expect(onCall).toHaveBeenCalledTimes(1);
    expect(onCall).toHaveBeenCalledWith(visitorCall({ position: 1 }));
    stop();
    expect(socket.closedWith).toBe(1000);
  });

  it('opens a new socket after a growing wait when the connection drops, and waits less again once it is back', () => {
    const onConnection = vi.fn();
    const { stop } = followCall({ token: CALL_TOKEN, onCall: vi.fn(), onConnection });
    FakeSocket.last().drop();
    expect(onConnection).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime((RECONNECT_DELAYS_MS[0] ?? 0) - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    // Refused again before it was ready: the next wait is longer.
    FakeSocket.last().drop();
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0] ?? 0);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime((RECONNECT_DELAYS_MS[1] ?? 0) - (RECONNECT_DELAYS_MS[0] ?? 0));
    expect(FakeSocket.instances).toHaveLength(3);
    const socket = FakeSocket.last();
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: CALL_TOKEN }]);
    socket.receive({ type: 'ready' });
    expect(onConnection).toHaveBeenLastCalledWith(true);
    socket.drop();
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0] ?? 0);
    expect(FakeSocket.instances).toHaveLength(4);
    stop();
  });

  it('gives up when the token is refused, and opens nothing more once stopped', () => {
    followCall({ token: CALL_TOKEN, onCall: vi.fn() });
    const refused = FakeSocket.last();
    refused.open();
    refused.receive({ type: 'error', errorCode: 'UNAUTHORIZED', errorMessage: 'The token was refused.' });
    refused.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);

    const { stop } = followCall({ token: CALL_TOKEN, onCall: vi.fn() });
    stop();
    FakeSocket.last().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it("passes the member's signals on, and sends the visitor's once the socket is ready, holding them while it is not", () => {
    const socket = followCall({ token: CALL_TOKEN, onCall: vi.fn() });
    const listener = vi.fn();
    const stopListening = socket.listen(listener);
    const offer = {
      type: 'signal',
      callId: CALL_ID,
      signal: { kind: 'description', description: { type: 'offer', sdp: 'v=0' } },
    } as const;
    socket.send(offer);
    const first = FakeSocket.last();
    first.open();
    expect(first.sent).toEqual([{ type: 'auth', token: CALL_TOKEN }]);
    first.receive({ type: 'ready' });
    expect(first.sent).toEqual([{ type: 'auth', token: CALL_TOKEN }, offer]);

    const answer = { kind: 'description', description: { type: 'answer', sdp: 'v=0' } };
    first.receive({ type: 'signal', callId: CALL_ID, signal: answer });
    // Not a signal the contract knows: left alone.
    first.receive({ type: 'signal', callId: CALL_ID, signal: { kind: 'nonsense' } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(answer);

    // A refused signal: the socket stays, and so does the call.
    first.receive({ type: 'error', errorCode: 'VALIDATION_FAILED', errorMessage: 'This call is not connected.' });
    first.drop();
    socket.send(offer);
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0] ?? 0);
    const second = FakeSocket.last();
    expect(second).not.toBe(first);
    second.open();
    second.receive({ type: 'ready' });
    expect(second.sent).toEqual([{ type: 'auth', token: CALL_TOKEN }, offer]);

    stopListening();
    second.receive({ type: 'signal', callId: CALL_ID, signal: answer });
    expect(listener).toHaveBeenCalledTimes(1);
    socket.stop();
  });
});
