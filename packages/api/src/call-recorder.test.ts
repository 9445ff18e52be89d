import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CallRecordingTransport, recordCall, recordingType } from './call-recorder';

/** A MediaRecorder that hands over what the test says, when it says. */
class FakeRecorder extends EventTarget {
  static last: FakeRecorder | undefined;
  static isTypeSupported = (type: string) => type.startsWith('video/webm') || type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType: string },
  ) {
    super();
    FakeRecorder.last = this;
  }
  start(timeslice: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  /** The recorder's next slice. */
  emit(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([text]) }));
  }
  stop() {
    this.state = 'inactive';
    this.emit('last');
    this.dispatchEvent(new Event('stop'));
  }
}

const stream = (kinds: Array<'audio' | 'video'>) =>
  ({
    getTracks: () => kinds.map((kind) => ({ kind })),
    getVideoTracks: () => kinds.filter((kind) => kind === 'video').map((kind) => ({ kind })),
  }) as unknown as MediaStream;

/** The parts the store received, by number, as text. */
let stored: Map<number, string>;
let refuse: Set<number>;
/** The content type of each part sent. */
let types: string[];

function transport(minPartBytes = 1): CallRecordingTransport & { completed: string[]; openedAs: string[] } {
  const completed: string[] = [];
  const openedAs: string[] = [];
  return {
    completed,
    openedAs,
    open: async (contentType) => {
      openedAs.push(contentType);
      return { id: 'media-1', minPartBytes, maxPartBytes: 1 << 20, maxParts: 10_000 };
    },
    parts: async (_id, partNumbers) =>
      partNumbers.map((partNumber) => ({ partNumber, url: `/uploads/u/${partNumber}` })),
    complete: async (id) => {
      completed.push(id);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stored = new Map();
  refuse = new Set();
  types = [];
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: Blob; headers: Record<string, string> }) => {
      const number = Number(url.split('/').pop());
      if (refuse.has(number)) {
        return new Response(null, { status: 500 });
      }
      types.push(init.headers['content-type'] ?? '');
      stored.set(number, await init.body.text());
      return new Response(null, { status: 200, headers: { etag: `"${number}"` } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('recordCall', () => {
  it('sends each slice as the next part while the call runs, then the rest, and closes the upload', async () => {
    const api = transport();
    const recording = recordCall(stream(['audio', 'video']), api);
    const recorder = FakeRecorder.last as FakeRecorder;
    expect(recorder.timeslice).toBe(3000);
    expect(api.openedAs).toEqual(['video/webm;codecs=vp8,opus']);
    recorder.emit('header+first');
    await settle();
    recorder.emit('second');
    await settle();
    expect([...stored.values()]).toEqual(['header+first', 'second']);
    await recording.stop();
    expect(Object.fromEntries(stored)).toEqual({ 1: 'header+first', 2: 'second', 3: 'last' });
    expect(api.completed).toEqual(['media-1']);
    expect(types).toEqual(['video/webm', 'video/webm', 'video/webm']);
    // Stopping again does nothing more.
    await recording.stop();
    expect(api.completed).toEqual(['media-1']);
  });

  it('keeps slices together until a part is as large as the store wants (S3: 5 MiB)', async () => {
    const api = transport(10);
    const recording = recordCall(stream(['audio', 'video']), api);
    const recorder = FakeRecorder.last as FakeRecorder;
    recorder.emit('abcd');
    await settle();
    recorder.emit('efgh');
    await settle();
    expect(stored.size).toBe(0);
    recorder.emit('ijkl');
    await settle();
    expect(Object.fromEntries(stored)).toEqual({ 1: 'abcdefghijkl' });
    await recording.stop();
    // The last part may be small.
    expect(Object.fromEntries(stored)).toEqual({ 1: 'abcdefghijkl', 2: 'last' });
  });

  it('tries a refused part again, and stops sending after a part that never went (no gaps)', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const api = transport();
    const recording = recordCall(stream(['audio', 'video']), api, { onError: (error) => errors.push(error) });
    const recorder = FakeRecorder.last as FakeRecorder;
    refuse.add(1);
    recorder.emit('first');
    await vi.advanceTimersByTimeAsync(1000);
    refuse.delete(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(stored.get(1)).toBe('first');

    refuse.add(2);
    recorder.emit('second');
    await vi.advanceTimersByTimeAsync(10_000);
    recorder.emit('third');
    await vi.advanceTimersByTimeAsync(10_000);
    const stopped = recording.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    await stopped;
    expect([...stored.keys()]).toEqual([1]);
    expect(errors).toHaveLength(1);
    // Closed all the same: the server keeps part 1.
    expect(api.completed).toEqual(['media-1']);
  });

  it('records sound alone for a stream without a camera, and nothing where the browser cannot', async () => {
    expect(recordingType(false)).toBe('audio/webm;codecs=opus');
    const api = transport();
    await recordCall(stream(['audio']), api).stop();
    expect(api.openedAs).toEqual(['audio/webm;codecs=opus']);
    expect(types).toEqual(['audio/webm']);

    vi.stubGlobal('MediaRecorder', undefined);
    const none = transport();
    await recordCall(stream(['audio', 'video']), none).stop();
    expect(none.openedAs).toEqual([]);
    expect(none.completed).toEqual([]);
  });

  it('reports a call that would not take the recording (it ended meanwhile), sending nothing', async () => {
    const errors: unknown[] = [];
    const api = transport();
    api.open = async () => {
      throw new Error('This call is not connected, so it cannot be recorded.');
    };
    const recording = recordCall(stream(['audio', 'video']), api, { onError: (error) => errors.push(error) });
    (FakeRecorder.last as FakeRecorder).emit('first');
    await recording.stop();
    expect(stored.size).toBe(0);
    expect(errors).toHaveLength(1);
    expect(api.completed).toEqual([]);
  });
});

describe('recordCall for a message to watch before sending', () => {
  it('keeps what it recorded, says how much went, and leaves the upload open on end', async () => {
    const api = transport();
    const progress: Array<[number, number]> = [];
    const recording = recordCall(stream(['audio', 'video']), api, {
      keep: true,
      onProgress: (sent, recorded) => progress.push([sent, recorded]),
    });
    const recorder = FakeRecorder.last as FakeRecorder;
    recorder.emit('12345');
    await settle();
    const ended = await recording.end();
    expect(ended).toEqual({ id: 'media-1', whole: true });
    expect(api.completed).toEqual([]);
    expect(await recording.recorded().text()).toBe('12345last');
    expect(progress.at(-1)).toEqual([9, 9]);
    // stop() after end() closes it once.
    await recording.stop();
    expect(api.completed).toEqual(['media-1']);
  });
});
