import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChunkStore, openChunkStore } from './chunk-store';
import { activeRecordingUpload, recordedSeconds, uploadRecording, videoRefFor } from './recording-upload';
import { type PutPart, UploadCancelledError, type VideoUploadApi } from './upload-manager';
import { readVideoRecording, setVideoRecording } from './video-recording-key';

let store: ChunkStore;

beforeEach(async () => {
  vi.stubGlobal('Blob', NodeBlob);
  store = await openChunkStore('upload-test', new IDBFactory());
  await store.createRecording({
    id: 'rec-1',
    title: 'Demo',
    flag: 'followup',
    ref: 'call-7',
    mimeType: 'video/mp4;codecs=avc1',
  });
  await store.appendChunk('rec-1', 0, new Blob(['hello ']));
  await store.appendChunk('rec-1', 1, new Blob(['world']));
  setVideoRecording('rec-1');
});
afterEach(() => {
  store.close();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A server that holds parts in memory; `held` starts it with parts already uploaded. */
function fakeApi(held: Record<number, string> = {}) {
  const parts = new Map<number, string>(Object.entries(held).map(([number, bytes]) => [Number(number), bytes]));
  const calls: string[] = [];
  const api: VideoUploadApi<{ id: string; bytes: string }> = {
    create: vi.fn(async (input) => {
      calls.push(`create ${JSON.stringify(input)}`);
      return { videoId: 'v-1', partSize: 4, partCount: Math.ceil(input.size / 4) };
    }),
    status: vi.fn(async (videoId) => {
      calls.push(`status ${videoId}`);
      return {
        partSize: 4,
        partCount: 3,
        parts: [...parts].map(([partNumber, bytes]) => ({ partNumber, size: bytes.length, etag: `e${partNumber}` })),
      };
    }),
    partUrls: async (_videoId, numbers) =>
      numbers.map((partNumber) => ({ partNumber, url: `part:${partNumber}`, expiresAt: '2999-01-01T00:00:00Z' })),
    complete: async (videoId, completed) => {
      calls.push(`complete ${completed.map((part) => part.partNumber).join(',')}`);
      return { id: videoId, bytes: completed.map((part) => parts.get(part.partNumber)).join('') };
    },
    joined: async () => null,
    cancel: vi.fn(async (videoId) => {
      calls.push(`cancel ${videoId}`);
    }),
  };
  const putPart: PutPart = async ({ url, body, contentType }) => {
    calls.push(`put ${url} ${contentType}`);
    const partNumber = Number(url.split(':')[1]);
    parts.set(partNumber, await body.text());
    return { etag: `e${partNumber}` };
  };
  return { api, putPart, calls };
}

describe('uploadRecording', () => {
  it('uploads the assembled chunks, then deletes them and removes VideoRecording', async () => {
    const server = fakeApi();
    const upload = uploadRecording({ store, recordingId: 'rec-1', api: server.api, putPart: server.putPart });
    expect(activeRecordingUpload('rec-1')).toBe(upload);
    expect(await upload.result).toEqual({ id: 'v-1', bytes: 'hello world' });
    expect(server.calls[0]).toBe(
      `create ${JSON.stringify({ title: 'Demo', kind: 'followup', contentType: 'video/mp4', size: 11, ref: 'call-7' })}`,
    );
    expect(server.calls).toContain('put part:1 video/mp4');
    expect(await store.getRecording('rec-1')).toBeUndefined();
    expect(await store.listChunks('rec-1')).toEqual([]);
    expect(readVideoRecording()).toBeNull();
    expect(activeRecordingUpload('rec-1')).toBeUndefined();
    expect(upload.progress()).toMatchObject({ sentBytes: 11, totalBytes: 11 });
  });

  it('remembers the server upload in the store, so a reload resumes it', async () => {
    const server = fakeApi();
    let seen: unknown;
    const putPart: PutPart = async (request) => {
      seen ??= await store.getRecording('rec-1');
      return server.putPart(request);
    };
    await uploadRecording({ store, recordingId: 'rec-1', api: server.api, putPart }).result;
    expect(seen).toMatchObject({
      uploadVideoId: 'v-1',
      upload: { videoId: 'v-1', partSize: 4, partCount: 3, size: 11, contentType: 'video/mp4' },
    });
  });

  it('resumes the upload the store names, sending only what the server lacks', async () => {
    await store.updateRecording('rec-1', { uploadVideoId: 'v-1' });
    const server = fakeApi({ 1: 'hell', 2: 'o wo' });
    expect(
      await uploadRecording({ store, recordingId: 'rec-1', api: server.api, putPart: server.putPart }).result,
    ).toEqual({
      id: 'v-1',
      bytes: 'hello world',
    });
    expect(server.calls.filter((call) => call.startsWith('put'))).toEqual(['put part:3 video/mp4']);
    expect(server.api.create).not.toHaveBeenCalled();
  });

  it('sends how long the recorder timed the recording, for a library card to show before the server measures it', async () => {
    await store.updateRecording('rec-1', { durationMs: 6500 });
    const server = fakeApi();
    await uploadRecording({ store, recordingId: 'rec-1', api: server.api, putPart: server.putPart }).result;
    expect(server.calls[0]).toBe(
      `create ${JSON.stringify({ title: 'Demo', kind: 'followup', contentType: 'video/mp4', size: 11, ref: 'call-7', durationSeconds: 6.5 })}`,
    );
  });

  it('sends no duration the recorder did not time, or one the server would refuse', () => {
    expect(recordedSeconds({ durationMs: 0 })).toBeUndefined();
    expect(recordedSeconds({ durationMs: Number.NaN })).toBeUndefined();
    expect(recordedSeconds({ durationMs: 86_400_001 })).toBeUndefined();
    expect(recordedSeconds({ durationMs: 86_400_000 })).toBe(86_400);
    expect(recordedSeconds({ durationMs: 1234 })).toBe(1.234);
  });

  it('leaves out the ref of a new recording', () => {
    expect(videoRefFor({ ref: 'new' })).toBeUndefined();
    expect(videoRefFor({ ref: 'menu-1' })).toBe('menu-1');
  });

  it('on cancel deletes the server upload, forgets it and keeps the chunks', async () => {
    const server = fakeApi();
    let release!: () => void;
    const putPart: PutPart = ({ signal }) =>
      new Promise((_, reject) => {
        release?.();
        signal.addEventListener('abort', () => reject(new UploadCancelledError()));
      });
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    const upload = uploadRecording({ store, recordingId: 'rec-1', api: server.api, putPart });
    await waiting;
    await upload.cancel();
    await expect(upload.result).rejects.toBeInstanceOf(UploadCancelledError);
    expect(server.calls).toContain('cancel v-1');
    const kept = await store.getRecording('rec-1');
    expect(kept).toMatchObject({ chunkCount: 2, bytes: 11 });
    expect(kept).not.toHaveProperty('uploadVideoId');
    expect(readVideoRecording()).toBe('rec-1');
  });

  it('keeps everything when the upload fails, for a retry', async () => {
    const server = fakeApi();
    const putPart: PutPart = async () => {
      throw Object.assign(new Error('too big'), { status: 413 });
    };
    await expect(
      uploadRecording({ store, recordingId: 'rec-1', api: server.api, putPart }).result,
    ).rejects.toMatchObject({
      status: 413,
    });
    expect(await store.getRecording('rec-1')).toMatchObject({ uploadVideoId: 'v-1', chunkCount: 2 });
    expect(readVideoRecording()).toBe('rec-1');
  });

  it('fails clearly for a recording the store does not hold', async () => {
    const server = fakeApi();
    await expect(
      uploadRecording({ store, recordingId: 'gone', api: server.api, putPart: server.putPart }).result,
    ).rejects.toThrow(/No stored recording/);
  });
});
