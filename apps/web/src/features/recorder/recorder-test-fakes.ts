import type { Video } from '@parley/api';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { makeVideo } from '../../testing/video-test-utils';
import { type ChunkStore, openChunkStore } from './chunk-store';
import type { PutPart, VideoUploadApi } from './upload-manager';
import type { RecorderDependencies } from './use-recorder';

/** A MediaRecorder the test can see: a chunk arrives each time `emit` is called, and on stop. */
export class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('video/webm');
  state: RecordingState = 'inactive';
  readonly mimeType: string;
  constructor(
    readonly stream: MediaStream,
    options?: MediaRecorderOptions,
  ) {
    super();
    this.mimeType = options?.mimeType ?? 'video/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
    this.emit('header+');
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.emit('tail');
    this.dispatchEvent(new Event('stop'));
  }
  emit(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([text], { type: this.mimeType }) }));
  }
}

function fakeTrack(kind: 'video' | 'audio', deviceId: string) {
  return { kind, stop: vi.fn(), getSettings: () => ({ deviceId }) };
}

/** Camera and microphone of a test: grants, or fails with the DOMException name given. */
export function fakeMediaDevices({ fail }: { fail?: string } = {}) {
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (fail) {
      throw Object.assign(new Error(fail), { name: fail });
    }
    const video = constraints.video as { deviceId?: { exact: string } } | boolean;
    const camera = typeof video === 'object' && video.deviceId ? video.deviceId.exact : 'cam-1';
    const tracks = [fakeTrack('video', camera), fakeTrack('audio', 'mic-1')];
    return {
      getTracks: () => tracks,
      getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
      getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    } as unknown as MediaStream;
  });
  const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
    ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;
  const enumerateDevices = vi.fn(async () => [
    device('videoinput', 'cam-1', 'Front camera'),
    device('videoinput', 'cam-2', 'USB camera'),
    device('audioinput', 'mic-1', 'Built-in microphone'),
  ]);
  return { getUserMedia, enumerateDevices };
}

/** The upload API of a test: one part per upload; answers a processing video. */
export function fakeUploadApi(overrides: Partial<Video> = {}) {
  const calls: string[] = [];
  const received: string[] = [];
  const video = makeVideo({ status: 'processing', ...overrides });
  const api: VideoUploadApi<Video> = {
    create: vi.fn(async (input) => {
      calls.push(`create ${input.title} ${input.kind} ${input.contentType}${input.ref ? ` ${input.ref}` : ''}`);
      return { videoId: video.id, partSize: 1024 * 1024, partCount: 1 };
    }),
    status: vi.fn(async () => ({ partSize: 1024 * 1024, partCount: 1, parts: [] })),
    partUrls: vi.fn(async (_id: string, numbers: number[]) =>
      numbers.map((partNumber) => ({ partNumber, url: `part:${partNumber}`, expiresAt: '2999-01-01T00:00:00Z' })),
    ),
    complete: vi.fn(async () => {
      calls.push('complete');
      return video;
    }),
    joined: vi.fn(async () => null),
    cancel: vi.fn(async () => {
      calls.push('cancel');
    }),
  };
  const putPart: PutPart = async ({ body, onProgress }) => {
    received.push(await body.text());
    onProgress(body.size);
    return { etag: '"e1"' };
  };
  return { api, putPart, calls, received, video };
}

export async function fakeRecorderDependencies({
  fail,
  store,
  upload = fakeUploadApi(),
}: {
  fail?: string;
  store?: ChunkStore;
  upload?: ReturnType<typeof fakeUploadApi>;
} = {}) {
  const chunkStore = store ?? (await openChunkStore(`recorder-${Math.random()}`, new IDBFactory()));
  const mediaDevices = fakeMediaDevices(fail ? { fail } : {});
  const dependencies: RecorderDependencies = {
    openStore: async () => chunkStore,
    mediaDevices,
    MediaRecorderImpl: FakeMediaRecorder as unknown as typeof MediaRecorder,
    uploadApi: () => upload.api,
    putPart: () => upload.putPart,
    createObjectUrl: () => 'blob:review',
    revokeObjectUrl: () => {},
    countdownTickMs: 10,
  };
  return { dependencies, store: chunkStore, mediaDevices, upload };
}
