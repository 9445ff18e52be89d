import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMPLETING_WAIT_MS,
  createRateMeter,
  defaultBackoffMs,
  MAX_COMPLETING_WAITS,
  PartUploadError,
  type PutPart,
  splitIntoParts,
  startUpload,
  UploadCancelledError,
  type UploadProgress,
  type VideoUploadApi,
} from './upload-manager';
import { createXhrPutPart } from './xhr-put';

beforeEach(() => vi.stubGlobal('Blob', NodeBlob));
afterEach(() => vi.unstubAllGlobals());

interface StoredVideo {
  partSize: number;
  partCount: number;
  parts: Map<number, { bytes: string; etag: string }>;
  file?: string;
  cancelled?: boolean;
}

/**
 * An object store with the API's multipart semantics, in memory: URLs are `mem://<video>/<part>`,
 * valid until `expiresAt`; the test can make the next PUTs of a part fail.
 */
function fakeServer({ partSize = 4, urlLifetimeMs = 60 * 60_000 } = {}) {
  const videos = new Map<string, StoredVideo>();
  const calls: string[] = [];
  const failures = new Map<number, number[]>();
  let clock = Date.parse('2026-11-23T10:00:00Z');
  let inFlight = 0;
  let maxInFlight = 0;
  let hideEtag = false;
  let nextId = 1;

  const api: VideoUploadApi<{ id: string; file: string }> = {
    async create(input) {
      const id = `video-${nextId++}`;
      const partCount = Math.max(1, Math.ceil(input.size / partSize));
      videos.set(id, { partSize, partCount, parts: new Map() });
      calls.push(
        `create ${input.title} ${input.kind} ${input.contentType} ${input.size}${input.ref ? ` ${input.ref}` : ''}`,
      );
      return { videoId: id, partSize, partCount };
    },
    async status(videoId) {
      calls.push(`status ${videoId}`);
      const video = videos.get(videoId);
      if (!video || video.cancelled) {
        throw Object.assign(new Error('Not found'), { status: 404 });
      }
      return {
        partSize: video.partSize,
        partCount: video.partCount,
        parts: [...video.parts].map(([partNumber, part]) => ({ partNumber, size: part.bytes.length, etag: part.etag })),
      };
    },
    async partUrls(videoId, partNumbers) {
      calls.push(`urls ${partNumbers.join(',')}`);
      const expiresAt = new Date(clock + urlLifetimeMs).toISOString();
      return partNumbers.map((partNumber) => ({
        partNumber,
        url: `mem://${videoId}/${partNumber}?until=${clock + urlLifetimeMs}`,
        expiresAt,
      }));
    },
    async complete(videoId, parts) {
      calls.push(`complete ${parts.map((part) => `${part.partNumber}:${part.etag}`).join(',')}`);
      const video = videos.get(videoId);
      if (!video) {
        throw Object.assign(new Error('Not found'), { status: 404 });
      }
      video.file = parts.map((part) => video.parts.get(part.partNumber)?.bytes ?? '?').join('');
      return { id: videoId, file: video.file };
    },
    async joined(videoId) {
      calls.push(`joined ${videoId}`);
      const video = videos.get(videoId);
      return video?.file === undefined ? null : { id: videoId, file: video.file };
    },
    async cancel(videoId) {
      calls.push(`cancel ${videoId}`);
      const video = videos.get(videoId);
      if (video) {
        video.cancelled = true;
      }
    },
  };

  const putPart: PutPart = async ({ url, body, signal, onProgress }) => {
    const [, videoId = '', part = '', until = ''] = /^mem:\/\/([^/]+)\/(\d+)\?until=(\d+)$/.exec(url) ?? [];
    const partNumber = Number(part);
    calls.push(`put ${partNumber}`);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (signal.aborted) {
        throw new UploadCancelledError();
      }
      if (Number(until) < clock) {
        throw new PartUploadError(403);
      }
      const failure = failures.get(partNumber)?.shift();
      if (failure !== undefined) {
        throw new PartUploadError(failure);
      }
      onProgress(Math.floor(body.size / 2));
      const bytes = await body.text();
      const etag = `"etag-${partNumber}"`;
      videos.get(videoId)?.parts.set(partNumber, { bytes, etag });
      onProgress(body.size);
      return { etag: hideEtag ? null : etag };
    } finally {
      inFlight -= 1;
    }
  };

  return {
    api,
    putPart,
    calls,
    videos,
    failNext: (partNumber: number, ...statuses: number[]) => failures.set(partNumber, statuses),
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
    hideEtags: () => {
      hideEtag = true;
    },
    maxInFlight: () => maxInFlight,
  };
}

const FILE = 'abcdefghijklmnopqrstuvwxyz0123'; // 30 bytes: 8 parts of 4

function upload(server: ReturnType<typeof fakeServer>, extra: Partial<Parameters<typeof startUpload>[0]> = {}) {
  const progress: UploadProgress[] = [];
  const sleeps: number[] = [];
  const handle = startUpload({
    blob: new Blob([FILE], { type: 'video/webm' }),
    contentType: 'video/webm',
    video: { title: 'Hello', kind: 'library' },
    api: server.api,
    putPart: server.putPart,
    onProgress: (value) => progress.push(value),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: server.now,
    ...extra,
  });
  return { handle, progress, sleeps };
}

describe('splitIntoParts', () => {
  it('cuts the file into partSize pieces, the last one shorter', () => {
    expect(splitIntoParts(10, 4)).toEqual([
      { partNumber: 1, start: 0, end: 4 },
      { partNumber: 2, start: 4, end: 8 },
      { partNumber: 3, start: 8, end: 10 },
    ]);
    expect(splitIntoParts(8, 4)).toHaveLength(2);
    expect(splitIntoParts(0, 4)).toEqual([{ partNumber: 1, start: 0, end: 0 }]);
    expect(() => splitIntoParts(10, 0)).toThrow(RangeError);
  });
});

describe('startUpload', () => {
  it('sends every part, three at a time, and completes with the ETags in order', async () => {
    const server = fakeServer();
    const { handle } = upload(server, { video: { title: 'Hello', kind: 'followup', ref: 'call-1' } });
    const video = await handle.result;
    expect(video).toEqual({ id: 'video-1', file: FILE });
    expect(handle.videoId).toBe('video-1');
    expect(server.calls[0]).toBe('create Hello followup video/webm 30 call-1');
    expect(server.maxInFlight()).toBe(3);
    expect(server.calls.at(-1)).toBe(
      `complete ${Array.from({ length: 8 }, (_, index) => `${index + 1}:"etag-${index + 1}"`).join(',')}`,
    );
  });

  it('asks for URLs in batches', async () => {
    const server = fakeServer();
    await upload(server, { urlBatchSize: 3 }).handle.result;
    const batches = server.calls.filter((call) => call.startsWith('urls '));
    expect(batches.every((call) => call.slice(5).split(',').length <= 3)).toBe(true);
    expect(batches.flatMap((call) => call.slice(5).split(',').map(Number)).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('reports bytes sent, counting parts in flight, up to the whole file', async () => {
    const server = fakeServer();
    const { handle, progress } = upload(server);
    await handle.result;
    expect(progress.every((value) => value.totalBytes === 30)).toBe(true);
    // Halfway through a part counts before the part is confirmed.
    expect(progress.some((value) => value.sentBytes % 4 !== 0 && value.sentBytes < 30)).toBe(true);
    expect(progress.at(-1)?.sentBytes).toBe(30);
  });

  it('tells the caller which upload it started, for a later resume', async () => {
    const server = fakeServer();
    const onTarget = vi.fn();
    await upload(server, { onTarget }).handle.result;
    expect(onTarget).toHaveBeenCalledWith({ videoId: 'video-1', partSize: 4, partCount: 8 });
  });

  it('resumes: skips the parts the server holds whole and sends the rest', async () => {
    const server = fakeServer();
    const first = upload(server, { maxAttempts: 1, concurrency: 1 });
    server.failNext(4, 0);
    await expect(first.handle.result).rejects.toThrow(PartUploadError);
    const heldBefore = [...(server.videos.get('video-1')?.parts.keys() ?? [])];
    expect(heldBefore).toEqual([1, 2, 3]);
    // A part cut short (the server holds fewer bytes) is sent again.
    server.videos.get('video-1')?.parts.set(2, { bytes: 'ef', etag: '"short"' });

    server.calls.length = 0;
    const second = upload(server, { resumeVideoId: 'video-1' });
    expect(await second.handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(server.calls).not.toContain('put 1');
    expect(server.calls).not.toContain('put 3');
    expect(server.calls).toContain('put 2');
    expect(server.calls.filter((call) => call.startsWith('put ')).sort()).toEqual(
      ['put 2', 'put 4', 'put 5', 'put 6', 'put 7', 'put 8'].sort(),
    );
    expect(server.calls.some((call) => call.startsWith('create'))).toBe(false);
    expect(second.progress[0]?.sentBytes).toBe(8);
  });

  it('starts a new upload when the one to resume is gone', async () => {
    const server = fakeServer();
    const { handle } = upload(server, { resumeVideoId: 'video-404' });
    expect(await handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(server.calls.slice(0, 2)).toEqual(['status video-404', 'create Hello library video/webm 30']);
  });

  it('retries network failures and 5xx with backoff', async () => {
    const server = fakeServer();
    server.failNext(2, 0, 503, 500);
    const { handle, sleeps } = upload(server, { backoffMs: (attempt) => attempt * 100 });
    expect(await handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(sleeps).toEqual([100, 200, 300]);
    expect(server.calls.filter((call) => call === 'put 2')).toHaveLength(4);
  });

  it('gives up after the last try, stopping the other parts', async () => {
    const server = fakeServer();
    server.failNext(1, 0, 0, 0);
    const { handle } = upload(server, { maxAttempts: 3 });
    await expect(handle.result).rejects.toMatchObject({ status: 0 });
    expect(server.calls.some((call) => call.startsWith('complete'))).toBe(false);
  });

  it('fails at once on a refusal that another try will not change', async () => {
    const server = fakeServer();
    server.failNext(1, 400);
    const { handle, sleeps } = upload(server);
    await expect(handle.result).rejects.toMatchObject({ status: 400 });
    expect(sleeps).toEqual([]);
  });

  it('asks for a new URL when one expired (403), without waiting', async () => {
    const server = fakeServer({ urlLifetimeMs: 60_000 });
    let jumped = false;
    const putPart: PutPart = async (request) => {
      // The clock jumps past the URLs' lifetime before the first PUT lands.
      if (!jumped) {
        jumped = true;
        server.advance(120_000);
      }
      return server.putPart(request);
    };
    const { handle, sleeps } = upload(server, { putPart, concurrency: 1 });
    expect(await handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(sleeps).toEqual([]);
    expect(server.calls.filter((call) => call === 'put 1').length).toBeGreaterThan(1);
  });

  it('does not use a URL about to expire', async () => {
    const server = fakeServer({ urlLifetimeMs: 10_000 });
    const { handle } = upload(server, { concurrency: 1, urlBatchSize: 8 });
    await handle.result;
    // Every URL came back with less than the margin left, so each part asked for its own again.
    expect(server.calls.filter((call) => call.startsWith('urls ')).length).toBeGreaterThanOrEqual(8);
  });

  it('reads the ETags from the server when the store hides the header', async () => {
    const server = fakeServer();
    server.hideEtags();
    const { handle } = upload(server);
    await handle.result;
    expect(server.calls.at(-2)).toBe('status video-1');
    expect(server.calls.at(-1)).toContain('1:"etag-1"');
  });

  it('cancels: stops the parts in flight and deletes the upload', async () => {
    const server = fakeServer();
    let started!: () => void;
    const firstPut = new Promise<void>((resolve) => {
      started = resolve;
    });
    const putPart: PutPart = (request) => {
      started();
      return new Promise((_, reject) => {
        request.signal.addEventListener('abort', () => reject(new UploadCancelledError()));
      });
    };
    const { handle } = upload(server, { putPart });
    await firstPut;
    await handle.cancel();
    await expect(handle.result).rejects.toBeInstanceOf(UploadCancelledError);
    expect(server.calls).toContain('cancel video-1');
    expect(server.calls.some((call) => call.startsWith('complete'))).toBe(false);
  });

  it('retries completing when the server is restarting', async () => {
    const server = fakeServer();
    const complete = server.api.complete;
    let failures = 2;
    server.api.complete = async (videoId, parts) => {
      if (failures-- > 0) {
        throw Object.assign(new Error('down'), { status: 0 });
      }
      return complete(videoId, parts);
    };
    const { handle, sleeps } = upload(server, { backoffMs: () => 5 });
    expect(await handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(sleeps).toEqual([5, 5]);
  });

  // A completion cut off by a server that died answered 409 after the restart, and the client gave up on an upload the server still held.
  it('waits while the server joins the parts (409 UPLOAD_COMPLETING), beyond its tries, then completes', async () => {
    const server = fakeServer();
    const complete = server.api.complete;
    let busy = 12;
    server.api.complete = async (videoId, parts) => {
      if (busy-- > 0) {
        throw Object.assign(new Error('joining'), { status: 409, errorCode: 'UPLOAD_COMPLETING' });
      }
      return complete(videoId, parts);
    };
    const { handle, sleeps } = upload(server, { maxAttempts: 2, backoffMs: () => 5 });
    expect(await handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(sleeps).toEqual(Array.from({ length: 12 }, () => COMPLETING_WAIT_MS));
  });

  it('resumes an upload whose parts the server is joining: waits, then completes', async () => {
    const server = fakeServer();
    const first = upload(server, { maxAttempts: 1 });
    await first.handle.result;
    const status = server.api.status;
    let busy = 2;
    server.api.status = async (videoId) => {
      if (busy-- > 0) {
        throw Object.assign(new Error('joining'), { status: 409, errorCode: 'UPLOAD_COMPLETING' });
      }
      return status(videoId);
    };
    server.calls.length = 0;
    const second = upload(server, { resumeVideoId: 'video-1', maxAttempts: 1 });
    expect(await second.handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(second.sleeps).toEqual([COMPLETING_WAIT_MS, COMPLETING_WAIT_MS]);
    expect(server.calls.some((call) => call.startsWith('create'))).toBe(false);
  });

  // A Retry after the server had finished a join the client stopped waiting for showed an error (409 UPLOAD_CLOSED).
  it('resumes an upload the server has joined meanwhile: answers the video, sends nothing again', async () => {
    const server = fakeServer();
    const first = upload(server, { maxAttempts: 1 });
    await first.handle.result;
    server.api.status = async () => {
      throw Object.assign(new Error('closed'), { status: 409, errorCode: 'UPLOAD_CLOSED' });
    };
    server.calls.length = 0;
    const second = upload(server, { resumeVideoId: 'video-1', maxAttempts: 1 });
    expect(await second.handle.result).toEqual({ id: 'video-1', file: FILE });
    expect(server.calls).toEqual(['joined video-1']);
  });

  it('still fails a resume whose upload is closed without a joined video (it failed)', async () => {
    const server = fakeServer();
    server.api.status = async () => {
      throw Object.assign(new Error('closed'), { status: 409, errorCode: 'UPLOAD_CLOSED' });
    };
    const resumed = upload(server, { resumeVideoId: 'video-9', maxAttempts: 1 });
    await expect(resumed.handle.result).rejects.toMatchObject({ errorCode: 'UPLOAD_CLOSED' });
  });

  it('stops waiting for a join that never ends, and fails with its answer', async () => {
    const server = fakeServer();
    server.api.complete = async () => {
      throw Object.assign(new Error('joining'), { status: 409, errorCode: 'UPLOAD_COMPLETING' });
    };
    const { handle, sleeps } = upload(server);
    await expect(handle.result).rejects.toMatchObject({ errorCode: 'UPLOAD_COMPLETING' });
    expect(sleeps).toHaveLength(MAX_COMPLETING_WAITS);
  });

  it('waits with a real abortable sleep by default', async () => {
    const server = fakeServer();
    server.failNext(1, 0);
    vi.useFakeTimers();
    try {
      const handle = startUpload({
        blob: new Blob([FILE]),
        contentType: 'video/webm',
        video: { title: 'x', kind: 'library' },
        api: server.api,
        putPart: server.putPart,
        backoffMs: () => 5000,
        concurrency: 1,
      });
      await vi.advanceTimersByTimeAsync(1000);
      await handle.cancel();
      await expect(handle.result).rejects.toBeInstanceOf(UploadCancelledError);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createRateMeter', () => {
  it('averages the rate over its window and says nothing until it can', () => {
    const meter = createRateMeter(4000, 1000);
    meter.add(0, 0);
    meter.add(500, 500);
    expect(meter.rate()).toBeNull();
    meter.add(1000, 1000);
    expect(meter.rate()).toBe(1000);
    meter.add(6000, 2000);
    meter.add(7000, 4000);
    // Only the last four seconds count: 2000 bytes in 1 s.
    expect(meter.rate()).toBe(2000);
  });

  it('gives no rate when nothing moved or bytes went back (a retried part)', () => {
    const meter = createRateMeter();
    meter.add(0, 100);
    meter.add(2000, 100);
    expect(meter.rate()).toBeNull();
    meter.add(3000, 50);
    expect(meter.rate()).toBeNull();
  });
});

describe('defaultBackoffMs', () => {
  it('doubles from one second with jitter and a ceiling', () => {
    expect(defaultBackoffMs(1, () => 1)).toBe(1000);
    expect(defaultBackoffMs(2, () => 1)).toBe(2000);
    expect(defaultBackoffMs(3, () => 0)).toBe(3200);
    expect(defaultBackoffMs(10, () => 1)).toBe(15_000);
  });
});

describe('createXhrPutPart', () => {
  class FakeXhr extends EventTarget {
    static last: FakeXhr;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    status = 0;
    responseHeaders: Record<string, string> = {};
    upload = new EventTarget();
    aborted = false;
    constructor() {
      super();
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name] ?? null;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.aborted = true;
      this.dispatchEvent(new Event('abort'));
    }
    respond(status: number, headers: Record<string, string> = {}) {
      this.status = status;
      this.responseHeaders = headers;
      this.dispatchEvent(new Event('load'));
    }
  }
  const put = createXhrPutPart(FakeXhr as unknown as typeof XMLHttpRequest);
  const progressEvent = (loaded: number) => Object.assign(new Event('progress'), { loaded });

  it('PUTs the bytes with the video type and no token, reporting progress, and answers the ETag', async () => {
    const onProgress = vi.fn();
    const body = new Blob(['12345678']);
    const sent = put({
      url: 'https://store/part?sig=1',
      body,
      contentType: 'video/mp4',
      signal: new AbortController().signal,
      onProgress,
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://store/part?sig=1');
    expect(xhr.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(xhr.body).toBe(body);
    xhr.upload.dispatchEvent(progressEvent(4));
    expect(onProgress).toHaveBeenLastCalledWith(4);
    xhr.respond(200, { ETag: '"abc"' });
    expect(await sent).toEqual({ etag: '"abc"' });
    expect(onProgress).toHaveBeenLastCalledWith(8);
  });

  it('fails with the status, or 0 when nothing answered', async () => {
    const signal = new AbortController().signal;
    const refused = put({ url: 'u', body: new Blob(['x']), contentType: 'video/webm', signal, onProgress: () => {} });
    FakeXhr.last.respond(403);
    await expect(refused).rejects.toMatchObject({ name: 'PartUploadError', status: 403 });
    const dropped = put({ url: 'u', body: new Blob(['x']), contentType: 'video/webm', signal, onProgress: () => {} });
    FakeXhr.last.dispatchEvent(new Event('error'));
    await expect(dropped).rejects.toMatchObject({ status: 0 });
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const sent = put({
      url: 'u',
      body: new Blob(['x']),
      contentType: 'video/webm',
      signal: controller.signal,
      onProgress: () => {},
    });
    controller.abort();
    await expect(sent).rejects.toBeInstanceOf(UploadCancelledError);
    expect(FakeXhr.last.aborted).toBe(true);
  });
});
