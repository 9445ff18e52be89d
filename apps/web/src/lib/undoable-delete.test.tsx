import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPendingDeletes, pendingDeleteIds, scheduleDelete, UNDO_SECONDS } from './undoable-delete';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  // Nothing waits into the next test.
  await flushPendingDeletes();
  vi.useRealTimers();
});

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('scheduleDelete', () => {
  it('waits ten seconds, hiding the items, then sends the delete once and refreshes', async () => {
    expect(UNDO_SECONDS).toBe(10);
    const send = vi.fn(async () => undefined);
    const onDeleted = vi.fn();
    scheduleDelete({ scope: 'calls', ids: ['a', 'b'], send, onDeleted });
    expect([...pendingDeleteIds('calls')]).toEqual(['a', 'b']);
    expect(pendingDeleteIds('videos').size).toBe(0);

    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000 - 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ keepalive: false });
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(pendingDeleteIds('calls').size).toBe(0);

    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the items hidden while the delete is sent and the lists refresh', async () => {
    const answer = deferred();
    const refreshed = deferred();
    scheduleDelete({ scope: 'videos', ids: ['v'], send: () => answer.promise, onDeleted: () => refreshed.promise });
    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    expect(pendingDeleteIds('videos').has('v')).toBe(true);
    answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(pendingDeleteIds('videos').has('v')).toBe(true);
    refreshed.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(pendingDeleteIds('videos').has('v')).toBe(false);
  });

  it('sends nothing after Undo, and brings the items back at once', async () => {
    const send = vi.fn(async () => undefined);
    const settled = vi.fn();
    const scheduled = scheduleDelete({ scope: 'calls', ids: ['a'], send });
    scheduled.onSettled(settled);
    await vi.advanceTimersByTimeAsync(4000);
    scheduled.undo();
    expect(settled).toHaveBeenCalledTimes(1);
    expect(pendingDeleteIds('calls').size).toBe(0);
    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    await flushPendingDeletes();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends every waiting delete at once with keepalive when the page is left (pagehide)', async () => {
    const first = vi.fn(async () => undefined);
    const second = vi.fn(async () => undefined);
    const undone = vi.fn(async () => undefined);
    scheduleDelete({ scope: 'calls', ids: ['a'], send: first });
    scheduleDelete({ scope: 'videos', ids: ['v'], send: second });
    scheduleDelete({ scope: 'calls', ids: ['b'], send: undone }).undo();
    await vi.advanceTimersByTimeAsync(1000);

    window.dispatchEvent(new Event('pagehide'));
    expect(first).toHaveBeenCalledWith({ keepalive: true });
    expect(second).toHaveBeenCalledWith({ keepalive: true });
    expect(undone).not.toHaveBeenCalled();

    // The timers that would have sent them later send nothing more.
    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('sends the waiting deletes with keepalive on sign-out (flushPendingDeletes), and resolves once answered', async () => {
    const answer = deferred();
    const send = vi.fn(() => answer.promise);
    scheduleDelete({ scope: 'calls', ids: ['a'], send });
    let flushed = false;
    const flushing = flushPendingDeletes().then(() => {
      flushed = true;
    });
    expect(send).toHaveBeenCalledWith({ keepalive: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(false);
    answer.resolve();
    await flushing;
    expect(flushed).toBe(true);
  });

  it('brings the items back and reports the failure when the delete is refused', async () => {
    const refusal = new Error('The database is down.');
    const onFailed = vi.fn();
    const onDeleted = vi.fn();
    scheduleDelete({
      scope: 'calls',
      ids: ['a'],
      send: () => Promise.reject(refusal),
      onDeleted,
      onFailed,
    });
    expect(pendingDeleteIds('calls').has('a')).toBe(true);
    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    expect(onFailed).toHaveBeenCalledWith(refusal);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(pendingDeleteIds('calls').has('a')).toBe(false);
  });

  it('stops listening for pagehide once nothing waits', async () => {
    const send = vi.fn(async () => undefined);
    scheduleDelete({ scope: 'calls', ids: ['a'], send }).undo();
    window.dispatchEvent(new Event('pagehide'));
    expect(send).not.toHaveBeenCalled();
    const removed = vi.spyOn(window, 'removeEventListener');
    scheduleDelete({ scope: 'calls', ids: ['b'], send });
    await vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000);
    expect(removed).toHaveBeenCalledWith('pagehide', expect.any(Function));
    removed.mockRestore();
  });
});
