import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChunkStore, openChunkStore } from './chunk-store';
import { startRecordingSession } from './recording-session';
import { readVideoRecording } from './video-recording-key';

/** A MediaRecorder the test drives: `emit` is a timeslice arriving. */
class FakeRecorder extends EventTarget {
  static last: FakeRecorder;
  state: RecordingState = 'inactive';
  timeslice: number | undefined;
  readonly mimeType: string;
  constructor(
    readonly stream: MediaStream,
    readonly options?: MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number },
  ) {
    super();
    this.mimeType = options?.mimeType ? `${options.mimeType.split(';')[0]};codecs=avc1,opus` : '';
    FakeRecorder.last = this;
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.emit('last');
    this.dispatchEvent(new Event('stop'));
  }
  emit(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([text]) }));
  }
}

let store: ChunkStore;
beforeEach(async () => {
  vi.stubGlobal('Blob', NodeBlob);
  store = await openChunkStore('session-test', new IDBFactory());
});
afterEach(() => {
  store.close();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function start(overrides: Partial<Parameters<typeof startRecordingSession>[0]> = {}) {
  return startRecordingSession({
    stream: {} as MediaStream,
    store,
    flag: 'library',
    ref: 'new',
    mimeType: 'video/mp4;codecs=avc1',
    elapsedMs: () => 4200,
    onError: vi.fn(),
    MediaRecorderImpl: FakeRecorder as unknown as typeof MediaRecorder,
    createId: () => 'rec-1',
    ...overrides,
  });
}

async function text(blob: Blob) {
  return new TextDecoder().decode(await blob.arrayBuffer());
}

describe('startRecordingSession', () => {
  it('records in timeslices, storing each chunk as it arrives, and names the recording in VideoRecording', async () => {
    const session = await start();
    expect(FakeRecorder.last.timeslice).toBe(2000);
    // A key frame every second, so that each timeslice carries video (Chromium's MP4 waits for one).
    expect(FakeRecorder.last.options).toEqual({
      mimeType: 'video/mp4;codecs=avc1',
      videoKeyFrameIntervalDuration: 1000,
    });
    expect(session.mimeType).toBe('video/mp4;codecs=avc1,opus');
    expect(readVideoRecording()).toBe('rec-1');
    expect(await store.getRecording('rec-1')).toMatchObject({ flag: 'library', ref: 'new', chunkCount: 0 });

    FakeRecorder.last.emit('one ');
    FakeRecorder.last.emit('two ');
    await vi.waitFor(async () => expect((await store.getRecording('rec-1'))?.chunkCount).toBe(2));
    // What a crash now would leave: everything but the timeslice in flight.
    expect(await text(await store.assemble('rec-1'))).toBe('one two ');

    await session.stop();
    expect(await text(await store.assemble('rec-1'))).toBe('one two last');
    expect(await store.getRecording('rec-1')).toMatchObject({ chunkCount: 3, durationMs: 4200 });
  });

  it('pauses and resumes the recorder', async () => {
    const session = await start();
    session.pause();
    expect(FakeRecorder.last.state).toBe('paused');
    session.resume();
    expect(FakeRecorder.last.state).toBe('recording');
  });

  it('ignores empty chunks', async () => {
    const session = await start();
    FakeRecorder.last.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([]) }));
    await session.stop();
    expect(await store.getRecording('rec-1')).toMatchObject({ chunkCount: 1 });
  });

  it('discards: deletes the chunks and VideoRecording (retake)', async () => {
    const session = await start();
    FakeRecorder.last.emit('x');
    await session.discard();
    expect(await store.getRecording('rec-1')).toBeUndefined();
    expect(await store.listChunks('rec-1')).toEqual([]);
    expect(readVideoRecording()).toBeNull();
  });

  it('on release keeps what was stored, for recovery', async () => {
    const session = await start();
    FakeRecorder.last.emit('kept');
    session.release();
    await vi.waitFor(async () => expect((await store.getRecording('rec-1'))?.chunkCount).toBe(2));
    expect(readVideoRecording()).toBe('rec-1');
  });

  it('reports a chunk the store refused', async () => {
    const onError = vi.fn();
    await start({ onError });
    await store.deleteRecording('rec-1');
    FakeRecorder.last.emit('orphan');
    await vi.waitFor(() => expect(onError).toHaveBeenCalledOnce());
  });

  it('lets MediaRecorder pick the type when none is supported', async () => {
    const session = await start({ mimeType: undefined });
    expect(session.mimeType).toBe('video/webm');
    expect((await store.getRecording('rec-1'))?.mimeType).toBe('video/webm');
  });
});
