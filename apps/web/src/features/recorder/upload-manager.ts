import type { VideoKind } from '@parley/api';
import { ERROR_CODES } from '@parley/api';

/** Parts sent at the same time. */
export const UPLOAD_CONCURRENCY = 3;
/** Part URLs asked for in one call. */
export const URL_BATCH_SIZE = 6;
/** Tries of one part (or of completing) before the upload gives up; Retry resumes it. */
export const MAX_ATTEMPTS = 8;
/** A URL this close to expiry is asked for again rather than used. */
const URL_EXPIRY_MARGIN_MS = 30_000;
/**
 * While the server joins the parts it answers 409 UPLOAD_COMPLETING: asked again every 5 s, for up
 * to 3 minutes, longer than the server takes to take over a join whose instance died (its lease
 * runs out within a minute). These waits do not count as failed tries.
 */
export const COMPLETING_WAIT_MS = 5000;
export const MAX_COMPLETING_WAITS = 36;

/** The server's multipart upload of one video. */
export interface UploadTarget {
  videoId: string;
  partSize: number;
  partCount: number;
}

/** A part the server already holds. */
export interface ServerPart {
  partNumber: number;
  size: number;
  etag: string;
}

export interface PartUrl {
  partNumber: number;
  url: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** What the upload needs of the API (S3 multipart semantics); the app adapts `api.videos` to it. */
export interface VideoUploadApi<Video = unknown> {
  /** `POST /api/videos`: a new video and its upload. */
  create: (input: {
    title: string;
    kind: VideoKind;
    contentType: string;
    size: number;
    ref?: string;
    /** How long the recording is, when the recorder timed it; the server keeps it until it measures one. */
    durationSeconds?: number;
  }) => Promise<UploadTarget>;
  /** `GET /api/videos/:id/upload`: the parts the server holds (throws a 404 when the upload is gone). */
  status: (videoId: string) => Promise<{ partSize: number; partCount: number; parts: ServerPart[] }>;
  /** `POST /api/videos/:id/upload/parts`: pre-signed PUT URLs. */
  partUrls: (videoId: string, partNumbers: number[]) => Promise<PartUrl[]>;
  /** `POST /api/videos/:id/upload/complete`. */
  complete: (videoId: string, parts: CompletedPart[]) => Promise<Video>;
  /**
   * `GET /api/videos/:id`: the video when its parts are already joined (the server finished a
   * completion after this client stopped waiting for it); null when they are not.
   */
  joined: (videoId: string) => Promise<Video | null>;
  /** `DELETE /api/videos/:id/upload`. */
  cancel: (videoId: string) => Promise<void>;
}

/** Sends one part's bytes to its pre-signed URL; answers the ETag the store gave it. */
export type PutPart = (request: {
  url: string;
  body: Blob;
  contentType: string;
  signal: AbortSignal;
  onProgress: (loadedBytes: number) => void;
}) => Promise<{ etag: string | null }>;

/** A PUT that failed: `status` 0 when nothing answered (network, server down). */
export class PartUploadError extends Error {
  readonly status: number;
  constructor(status: number, message = `Part upload failed (${status || 'network'})`) {
    super(message);
    this.name = 'PartUploadError';
    this.status = status;
  }
}

/** The upload was cancelled. */
export class UploadCancelledError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'AbortError';
  }
}

export interface UploadProgress {
  /** Bytes the server confirmed plus the bytes of parts on their way. */
  sentBytes: number;
  totalBytes: number;
  /** Moving-average rate; null until there is enough to tell. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

export interface UploadOptions<Video> {
  blob: Blob;
  contentType: string;
  video: { title: string; kind: VideoKind; ref?: string; durationSeconds?: number };
  api: VideoUploadApi<Video>;
  putPart: PutPart;
  /** An upload started before (a reload, a retry): resumed when the server still has it. */
  resumeVideoId?: string;
  /** Called once the server's upload is known, new or resumed (persist it for a later resume). */
  onTarget?: (target: UploadTarget) => void | Promise<void>;
  onProgress?: (progress: UploadProgress) => void;
  concurrency?: number;
  urlBatchSize?: number;
  maxAttempts?: number;
  /** Milliseconds to wait before try `attempt + 1` (attempt counts from 1). */
  backoffMs?: (attempt: number) => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface UploadHandle<Video> {
  /** The completed video; rejects with UploadCancelledError after cancel(). */
  result: Promise<Video>;
  /** Stops the parts in flight and cancels the server's upload. */
  cancel: () => Promise<void>;
  /** The server's video id, once known. */
  readonly videoId: string | undefined;
}

/** Exponential backoff from one second, doubling, at most 15 s, with up to 20% jitter. */
export function defaultBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 1000 * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + 0.2 * random()));
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UploadCancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The bytes `[start, end)` of each part, numbered from 1. */
export function splitIntoParts(size: number, partSize: number): { partNumber: number; start: number; end: number }[] {
  if (!(partSize > 0)) {
    throw new RangeError('partSize must be positive');
  }
  const count = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: count }, (_, index) => ({
    partNumber: index + 1,
    start: index * partSize,
    end: Math.min(size, (index + 1) * partSize),
  }));
}

/**
 * A moving-average transfer rate over the last `windowMs`: bytes per second between the oldest
 * and the newest sample in the window, and the time left at that rate.
 */
export function createRateMeter(windowMs = 8000, minSpanMs = 750) {
  const samples: { at: number; bytes: number }[] = [];
  return {
    add(at: number, bytes: number) {
      samples.push({ at, bytes });
      while (samples.length > 2 && (samples[0]?.at ?? at) < at - windowMs) {
        samples.shift();
      }
    },
    rate(): number | null {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.at - first.at < minSpanMs) {
        return null;
      }
      const rate = ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
      return rate > 0 ? rate : null;
    },
    reset() {
      samples.length = 0;
    },
  };
}

/** True for failures worth trying again: nothing answered, the server is down or overloaded. */
export function isTransient(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') {
    return error instanceof TypeError;
  }
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The server is joining the parts (this request's earlier try, or an instance that died): ask again. */
export function isCompleting(error: unknown): boolean {
  return (error as { errorCode?: unknown } | null)?.errorCode === ERROR_CODES.uploadCompleting;
}

/** The server holds no upload for the video any more: its parts were joined, or it failed. */
function isClosed(error: unknown): boolean {
  return (error as { errorCode?: unknown } | null)?.errorCode === ERROR_CODES.uploadClosed;
}

function isGone(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 || status === 410;
}

/**
 * Uploads a file in parts to pre-signed URLs (S3 multipart semantics): asks the server which
 * parts it already holds when resuming and skips them, asks for URLs in batches (again when one
 * expired: a 403), sends `concurrency` parts at a time, retries network failures and 5xx with
 * backoff, and completes. Progress counts confirmed bytes plus the parts in flight.
 */
export function startUpload<Video>(options: UploadOptions<Video>): UploadHandle<Video> {
  const {
    blob,
    contentType,
    api,
    putPart,
    onTarget,
    onProgress,
    concurrency = UPLOAD_CONCURRENCY,
    urlBatchSize = URL_BATCH_SIZE,
    maxAttempts = MAX_ATTEMPTS,
    backoffMs = defaultBackoffMs,
    sleep = abortableSleep,
    now = Date.now,
  } = options;
  const controller = new AbortController();
  const signal = controller.signal;
  let target: UploadTarget | undefined;
  const meter = createRateMeter();
  let confirmedBytes = 0;
  const inFlight = new Map<number, number>();

  function report(): void {
    const sentBytes = Math.min(
      blob.size,
      confirmedBytes + [...inFlight.values()].reduce((sum, loaded) => sum + loaded, 0),
    );
    meter.add(now(), sentBytes);
    const bytesPerSecond = meter.rate();
    onProgress?.({
      sentBytes,
      totalBytes: blob.size,
      bytesPerSecond,
      secondsLeft: bytesPerSecond ? Math.max(0, (blob.size - sentBytes) / bytesPerSecond) : null,
    });
  }

  function checkCancelled(): void {
    if (signal.aborted) {
      throw new UploadCancelledError();
    }
  }

  /** Runs `call` until it succeeds, retrying transient failures with backoff, and waiting while the parts are joined. */
  async function withRetry<T>(call: () => Promise<T>): Promise<T> {
    let completingWaits = 0;
    for (let attempt = 1; ; ) {
      checkCancelled();
      try {
        return await call();
      } catch (error) {
        checkCancelled();
        if (isCompleting(error) && completingWaits < MAX_COMPLETING_WAITS) {
          completingWaits += 1;
          await sleep(COMPLETING_WAIT_MS, signal);
          continue;
        }
        if (!isTransient(error) || attempt >= maxAttempts) {
          throw error;
        }
        await sleep(backoffMs(attempt), signal);
        attempt += 1;
      }
    }
  }

  async function resolveTarget(): Promise<{ target: UploadTarget; held: ServerPart[] } | { done: Video }> {
    const expectedCount = (partSize: number) => Math.max(1, Math.ceil(blob.size / partSize));
    if (options.resumeVideoId) {
      const videoId = options.resumeVideoId;
      try {
        const status = await withRetry(() => api.status(videoId));
        if (status.partCount === expectedCount(status.partSize)) {
          return { target: { videoId, partSize: status.partSize, partCount: status.partCount }, held: status.parts };
        }
        // The upload was started for other bytes: start again rather than mix them.
        await api.cancel(videoId).catch(() => {});
      } catch (error) {
        // Retry after the server finished the join this client had stopped waiting for: it is done.
        const joined = isClosed(error) ? await withRetry(() => api.joined(videoId)) : null;
        if (joined) {
          return { done: joined };
        }
        if (!isGone(error)) {
          throw error;
        }
      }
    }
    const created = await withRetry(() =>
      api.create({
        title: options.video.title,
        kind: options.video.kind,
        contentType,
        size: blob.size,
        ...(options.video.ref ? { ref: options.video.ref } : {}),
        ...(options.video.durationSeconds ? { durationSeconds: options.video.durationSeconds } : {}),
      }),
    );
    return { target: created, held: [] };
  }

  async function run(): Promise<Video> {
    const resolved = await resolveTarget();
    if ('done' in resolved) {
      return resolved.done;
    }
    target = resolved.target;
    checkCancelled();
    await onTarget?.(target);
    const parts = splitIntoParts(blob.size, target.partSize);
    const etags = new Map<number, string | null>();
    for (const part of parts) {
      const held = resolved.held.find((candidate) => candidate.partNumber === part.partNumber);
      if (held && held.size === part.end - part.start && held.etag) {
        etags.set(part.partNumber, held.etag);
        confirmedBytes += held.size;
      }
    }
    report();

    const queue = parts.filter((part) => !etags.has(part.partNumber));
    const urls = new Map<number, PartUrl>();
    const pendingUrls = new Map<number, Promise<void>>();
    const videoId = target.videoId;

    const usable = (url: PartUrl | undefined) =>
      url !== undefined && Date.parse(url.expiresAt) - now() > URL_EXPIRY_MARGIN_MS;

    async function urlFor(partNumber: number): Promise<string> {
      for (;;) {
        const known = urls.get(partNumber);
        if (known && usable(known)) {
          return known.url;
        }
        const pending = pendingUrls.get(partNumber);
        if (pending) {
          await pending;
          // A URL that came back already expired is asked for alone next time.
          if (!usable(urls.get(partNumber))) {
            urls.delete(partNumber);
            pendingUrls.delete(partNumber);
          }
          continue;
        }
        // This part and the next ones still waiting that have no URL yet.
        const wanted = [
          partNumber,
          ...queue
            .map((part) => part.partNumber)
            .filter((number) => number !== partNumber && !usable(urls.get(number)) && !pendingUrls.has(number)),
        ].slice(0, urlBatchSize);
        const request = withRetry(() => api.partUrls(videoId, wanted)).then(
          (answer) => {
            for (const url of answer) {
              urls.set(url.partNumber, url);
            }
          },
          (error: unknown) => {
            for (const number of wanted) {
              pendingUrls.delete(number);
            }
            throw error;
          },
        );
        for (const number of wanted) {
          pendingUrls.set(number, request);
        }
        await request;
        for (const number of wanted) {
          pendingUrls.delete(number);
        }
        const fresh = urls.get(partNumber);
        if (!fresh) {
          throw new PartUploadError(500, `The server gave no URL for part ${partNumber}`);
        }
        return fresh.url;
      }
    }

    async function sendPart(part: { partNumber: number; start: number; end: number }): Promise<void> {
      const body = blob.slice(part.start, part.end, contentType);
      for (let attempt = 1; ; attempt += 1) {
        checkCancelled();
        try {
          const url = await urlFor(part.partNumber);
          inFlight.set(part.partNumber, 0);
          const { etag } = await putPart({
            url,
            body,
            contentType,
            signal,
            onProgress: (loaded) => {
              inFlight.set(part.partNumber, Math.min(loaded, body.size));
              report();
            },
          });
          inFlight.delete(part.partNumber);
          etags.set(part.partNumber, etag);
          confirmedBytes += body.size;
          report();
          return;
        } catch (error) {
          inFlight.delete(part.partNumber);
          checkCancelled();
          const status = (error as { status?: unknown }).status;
          if (status === 403) {
            // The pre-signed URL expired (or was refused): ask for a new one.
            urls.delete(part.partNumber);
            if (attempt >= maxAttempts) {
              throw error;
            }
            continue;
          }
          if (!isTransient(error) || attempt >= maxAttempts) {
            throw error;
          }
          report();
          await sleep(backoffMs(attempt), signal);
        }
      }
    }

    let failure: unknown;
    async function worker(): Promise<void> {
      for (let part = queue.shift(); part; part = queue.shift()) {
        if (failure !== undefined) {
          return;
        }
        try {
          await sendPart(part);
        } catch (error) {
          if (failure === undefined) {
            failure = error;
            // Stop the others: one part that cannot be sent fails the upload (Retry resumes it).
            if (!(error instanceof UploadCancelledError)) {
              controller.abort();
            }
          }
          return;
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(queue.length, 1)) }, worker));
    if (failure !== undefined) {
      throw failure;
    }
    checkCancelled();

    // A store that hides the ETag header (CORS) still lists what it holds.
    if ([...etags.values()].some((etag) => !etag)) {
      const status = await withRetry(() => api.status(videoId));
      for (const held of status.parts) {
        if (!etags.get(held.partNumber)) {
          etags.set(held.partNumber, held.etag);
        }
      }
    }
    const completed = parts.map((part) => ({ partNumber: part.partNumber, etag: etags.get(part.partNumber) ?? '' }));
    return withRetry(() => api.complete(videoId, completed));
  }

  let cancelling: Promise<void> | null = null;
  const result = run().catch((error: unknown) => {
    // A part failure aborts the shared signal to stop the others; only cancel() is a cancellation.
    if (cancelling) {
      throw new UploadCancelledError();
    }
    throw error;
  });

  return {
    result,
    get videoId() {
      return target?.videoId;
    },
    cancel() {
      if (!cancelling) {
        controller.abort();
        cancelling = result.then(
          () => {},
          async () => {
            const videoId = target?.videoId ?? options.resumeVideoId;
            if (videoId) {
              await api.cancel(videoId).catch(() => {});
            }
          },
        );
      }
      return cancelling;
    },
  };
}
