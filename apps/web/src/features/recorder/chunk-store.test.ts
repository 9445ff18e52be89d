import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChunkStore, openChunkStore } from './chunk-store';

let store: ChunkStore;
let factory: IDBFactory;

beforeEach(async () => {
  // jsdom's Blob cannot be structured-cloned into IndexedDB; the browser's (and Node's) can.
  vi.stubGlobal('Blob', NodeBlob);
  factory = new IDBFactory();
  store = await openChunkStore('test-recordings', factory);
});
afterEach(() => {
  store.close();
  vi.unstubAllGlobals();
});

const recording = {
  id: 'rec-1',
  title: 'Welcome',
  flag: 'library' as const,
  ref: 'new',
  mimeType: 'video/webm;codecs=vp9,opus',
};

async function text(blob: Blob): Promise<string> {
  return new TextDecoder().decode(await blob.arrayBuffer());
}

describe('openChunkStore (IndexedDB)', () => {
  it('creates a recording with no chunks yet', async () => {
    const created = await store.createRecording({ ...recording, startedAt: '2026-11-23T10:00:00.000Z' });
    expect(created).toEqual({
      ...recording,
      startedAt: '2026-11-23T10:00:00.000Z',
      durationMs: 0,
      chunkCount: 0,
      bytes: 0,
    });
    expect(await store.getRecording('rec-1')).toEqual(created);
    expect(await store.listRecordings()).toEqual([created]);
  });

  it('appends chunks, counting them and their bytes, and assembles them in order', async () => {
    await store.createRecording(recording);
    await store.appendChunk('rec-1', 0, new Blob(['aaa']));
    await store.appendChunk('rec-1', 2, new Blob(['cc']));
    await store.appendChunk('rec-1', 1, new Blob(['bbbb']));
    expect(await store.getRecording('rec-1')).toMatchObject({ chunkCount: 3, bytes: 9 });

    const chunks = await store.listChunks('rec-1');
    expect(await Promise.all(chunks.map(text))).toEqual(['aaa', 'bbbb', 'cc']);
    const file = await store.assemble('rec-1');
    expect(file.type).toBe('video/webm;codecs=vp9,opus');
    expect(await text(file)).toBe('aaabbbbcc');
  });

  it('counts a chunk written twice once', async () => {
    await store.createRecording(recording);
    await store.appendChunk('rec-1', 0, new Blob(['aaa']));
    await store.appendChunk('rec-1', 0, new Blob(['aaaaa']));
    expect(await store.getRecording('rec-1')).toMatchObject({ chunkCount: 1, bytes: 5 });
  });

  it('keeps recordings apart', async () => {
    await store.createRecording(recording);
    await store.createRecording({ ...recording, id: 'rec-2' });
    await store.appendChunk('rec-1', 0, new Blob(['one']));
    await store.appendChunk('rec-2', 0, new Blob(['two']));
    expect(await text(await store.assemble('rec-2'))).toBe('two');
  });

  it('refuses a chunk for a recording it does not hold', async () => {
    await expect(store.appendChunk('nope', 0, new Blob(['x']))).rejects.toThrow(/No recording/);
    expect(await store.listChunks('nope')).toEqual([]);
  });

  it('records the upload, and removes fields given as undefined', async () => {
    await store.createRecording(recording);
    const upload = { videoId: 'v-1', partSize: 5, partCount: 2, size: 9, contentType: 'video/webm' };
    expect(await store.updateRecording('rec-1', { uploadVideoId: 'v-1', upload, title: 'Renamed' })).toMatchObject({
      uploadVideoId: 'v-1',
      upload,
      title: 'Renamed',
    });
    const cleared = await store.updateRecording('rec-1', { uploadVideoId: undefined, upload: undefined });
    expect(cleared).not.toHaveProperty('uploadVideoId');
    expect(cleared).not.toHaveProperty('upload');
    expect(await store.updateRecording('nope', { title: 'x' })).toBeUndefined();
  });

  it('deletes a recording with all its chunks', async () => {
    await store.createRecording(recording);
    await store.createRecording({ ...recording, id: 'rec-2' });
    await store.appendChunk('rec-1', 0, new Blob(['aaa']));
    await store.appendChunk('rec-1', 1, new Blob(['bbb']));
    await store.appendChunk('rec-2', 0, new Blob(['keep']));
    await store.deleteRecording('rec-1');
    expect(await store.getRecording('rec-1')).toBeUndefined();
    expect(await store.listChunks('rec-1')).toEqual([]);
    expect(await text(await store.assemble('rec-2'))).toBe('keep');
  });

  it('keeps what was written across connections (a reload)', async () => {
    await store.createRecording(recording);
    await store.appendChunk('rec-1', 0, new Blob(['saved']));
    store.close();
    store = await openChunkStore('test-recordings', factory);
    expect(await store.getRecording('rec-1')).toMatchObject({ chunkCount: 1, bytes: 5 });
    expect(await text(await store.assemble('rec-1'))).toBe('saved');
  });
});
