import { randomUUID } from 'node:crypto';
import {
  baseContentType,
  type createVideoRequestSchema,
  ERROR_CODES,
  MAX_UPLOAD_PARTS,
  MIN_UPLOAD_PART_SIZE,
  type UploadPartUrl,
  type UploadState,
  VIDEO_CONTENT_TYPES,
  type Video,
  type VideoContentType,
  type VideoListQuery,
} from '@parley/api';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { keepClaim } from '../lib/job-runner';
import { roundedExpiry, type UrlSigner } from '../lib/signed-urls';
import {
  claimCompletion,
  deleteUpload,
  deleteVideo,
  findTeamVideo,
  findUpload,
  insertVideoWithUpload,
  listTeamVideos,
  type OwnedVideo,
  renewLease,
  settleStreamedUpload,
  updateLeasedVideo,
  updateVideo,
  type VideoRow,
} from '../repositories/videos';
import type { Events } from './events';
import type { Principal } from './sessions';
import { type StoredPart, StoreError, type UploadHandle, type VideoStore, videoKey } from './storage/store';
import { TOO_LARGE_PREFIXES, VIDEO_FAILURES } from './video-failures';
import { SNIFF_BYTES, sniffContainer } from './video-files';

/** How long a part address works. */

/** Who renames or deletes a video: the signed-in member's team, id and role. */
export type VideoActor = Pick<Principal, 'teamId' | 'userId' | 'role'>;

export const PART_URL_SECONDS = 15 * 60;
/** How long a playback or poster address works (at least; rounded up to the hour). */
export const PLAYBACK_URL_SECONDS = 6 * 3600;
/**
 * How long the watch page's addresses work (at least; rounded up to the hour). On local disk they
 * also stop the moment the link is revoked; on S3 when they expire.
 */
export const SHARED_URL_SECONDS = 2 * 3600;
/**
 * Joining the parts holds the video for a minute at a time, renewed every 20 seconds while the join
 * runs (two renewals may fail): a claim whose instance died runs out within a minute, and then the
 * processing job, or the client's retry of `complete`, takes the video over.
 */
export const COMPLETION_LEASE = { seconds: 60, renewEveryMs: 20_000 } as const;
/** What a client asking while the parts are joined is told to wait before asking again. */
const COMPLETING_RETRY_SECONDS = 5;

/** `524288000` → `500 MB`. */
export function formatBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${bytes} bytes`;
}

const tooLarge = (limit: number) =>
  new AppError(413, ERROR_CODES.videoTooLarge, `${TOO_LARGE_PREFIXES[0]}${formatBytes(limit)}.`);
/** What a member reads when a file's bytes are not an MP4 or WebM video. */
export const NOT_A_VIDEO_MESSAGE = VIDEO_FAILURES.notAVideo;
const notAVideo = () => new AppError(415, ERROR_CODES.videoTypeUnsupported, NOT_A_VIDEO_MESSAGE);

/** Why `size` bytes cannot become this video (over the server's limit, or over what was declared); null when they fit. */
export function sizeRefusal(size: number, declaredSize: number, maxBytes: number): string | null {
  if (size > maxBytes) {
    return tooLarge(maxBytes).message;
  }
  return size > declaredSize ? `${TOO_LARGE_PREFIXES[1]}${size}) than the ${declaredSize} declared.` : null;
}

/** Tells the store's refusals apart for the client. */
function storeRefusal(error: unknown): AppError | undefined {
  if (!(error instanceof StoreError)) {
    return undefined;
  }
  switch (error.code) {
    case 'UPLOAD_NOT_FOUND':
      return notFound('This upload does not exist any more; start again.');
    case 'PART_MISMATCH':
      return new AppError(400, ERROR_CODES.partMissing, error.message);
    case 'PART_TOO_SMALL':
      return new AppError(400, ERROR_CODES.partTooSmall, error.message);
    default:
      return error.code satisfies never;
  }
}

/** The parts are being joined (or were, by an instance that died): ask again shortly. */
export function completing(): AppError {
  return new AppError(
    409,
    ERROR_CODES.uploadCompleting,
    'The video is being put together from its parts. Ask again in a few seconds.',
    { headers: { 'retry-after': String(COMPLETING_RETRY_SECONDS) } },
  );
}

const closed = () => conflict(ERROR_CODES.uploadClosed, 'This video is already uploaded.');

/** The parts are joined into the object, which passed its checks: nothing left to upload. */
function isJoined(video: VideoRow): boolean {
  return video.size !== null && (video.status === 'processing' || video.status === 'ready');
}

/** The joined object cannot become this video (413, 415); it has been deleted. */
export class JoinRefusal extends Error {
  override name = 'JoinRefusal';
  readonly status: 413 | 415;
  constructor(status: 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The checks a joined object gets before it may become the video: no more bytes than declared nor
 * than the limit, and MP4 or WebM by its bytes. On a refusal the object is deleted (JoinRefusal).
 * Measures the object as stored, not the part listing: on S3 a part sent again between the listing
 * and the join would otherwise pass unmeasured.
 */
export async function checkJoined(
  store: VideoStore,
  video: Pick<VideoRow, 'storageKey' | 'declaredSize'>,
  maxBytes: number,
): Promise<{ size: number; contentType: VideoContentType }> {
  const size = await store.size(video.storageKey);
  if (size === null) {
    throw new Error('The joined video file is missing.');
  }
  const refusal = sizeRefusal(size, video.declaredSize, maxBytes);
  if (refusal) {
    await store.delete(video.storageKey);
    throw new JoinRefusal(413, refusal);
  }
  const detected = sniffContainer(await store.readRange(video.storageKey, 0, SNIFF_BYTES));
  if (!detected) {
    await store.delete(video.storageKey);
    throw new JoinRefusal(415, NOT_A_VIDEO_MESSAGE);
  }
  return { size, contentType: detected };
}

/** Every part 1…partCount is held, and together they have at least the bytes declared. */
export function holdsWholeUpload(parts: StoredPart[], partCount: number, declaredSize: number): boolean {
  const sorted = [...parts].sort((left, right) => left.partNumber - right.partNumber);
  const total = sorted.reduce((sum, part) => sum + part.size, 0);
  return (
    sorted.length === partCount && sorted.every((part, index) => part.partNumber === index + 1) && total >= declaredSize
  );
}

/** A claim on a video kept alive by renewing its lease. */
export interface HeldLease {
  /** Aborted once another worker has taken the video over (this claim's lease ran out). */
  readonly signal: AbortSignal;
  /** Stops renewing; answers the lease's end as last renewed, or undefined when the claim was lost. */
  stop(): Promise<Date | undefined>;
}

/**
 * Renews a claim every `renewEveryMs` for `seconds` more, for as long as its work runs (the job
 * runner's keepClaim, with the lease's end as the token): a worker that dies stops renewing, and
 * its lease runs out soon after. A renewal that fails (the database away a moment) is logged and
 * tried at the next tick.
 */
export function holdLease(
  db: Db,
  videoId: string,
  heldUntil: Date,
  log: FastifyBaseLogger,
  timing: { seconds: number; renewEveryMs: number } = COMPLETION_LEASE,
): HeldLease {
  let current: Date | undefined = heldUntil;
  const claim = keepClaim(
    async () => {
      current = current && (await renewLease(db, videoId, current, timing.seconds));
      return current !== undefined;
    },
    {
      everyMs: timing.renewEveryMs,
      onError: (error) => log.warn({ err: error, videoId }, 'video lease not renewed'),
      onLost: () => log.warn({ videoId }, 'video lease lost: another worker took the video over'),
    },
  );
  return {
    signal: claim.signal,
    async stop() {
      await claim.stop();
      return current;
    },
  };
}

export interface VideoServiceOptions {
  db: Db;
  store: VideoStore;
  /** Signs the local store's watch-page addresses. */
  signer: UrlSigner;
  events: Events;
  config: Config;
  log: FastifyBaseLogger;
  /** Asks the processing job to look for work now. */
  onProcessingDue: () => void;
}

/**
 * The video library and its uploads, for the members of one team: every method takes the team
 * and answers 404 for another team's video.
 */
export function createVideoService(options: VideoServiceOptions) {
  const { db, store, signer, events, config, log } = options;

  /** The API's view: signed addresses for the file (once complete) and the poster. */
  async function present(row: OwnedVideo & { messageCount?: number }): Promise<Video> {
    const expiresAt = roundedExpiry(PLAYBACK_URL_SECONDS);
    const playable = row.status === 'processing' || row.status === 'ready';
    const [playbackUrl, posterUrl] = await Promise.all([
      playable && row.size !== null ? store.downloadUrl(row.storageKey, row.contentType, expiresAt) : null,
      row.posterKey ? store.downloadUrl(row.posterKey, 'image/jpeg', expiresAt) : null,
    ]);
    return {
      id: row.id,
      title: row.title,
      kind: row.kind,
      ref: row.ref,
      status: row.status,
      contentType: row.contentType,
      size: row.size,
      durationSeconds: row.durationSeconds,
      posterUrl,
      playbackUrl,
      owner: { id: row.ownerId, name: row.ownerName },
      createdAt: row.createdAt.toISOString(),
      errorMessage: row.errorMessage,
      ...(row.messageCount === undefined ? {} : { messageCount: row.messageCount }),
    };
  }

  /**
   * The watch page's addresses: on local disk they name the share token, not the video or team, and
   * are checked against the link at each request (revocation is immediate).
   */
  async function sharedUrls(
    row: VideoRow,
    token: string,
  ): Promise<{ playbackUrl: string | null; posterUrl: string | null }> {
    const expiresAt = roundedExpiry(SHARED_URL_SECONDS);
    const playable = (row.status === 'processing' || row.status === 'ready') && row.size !== null;
    if (store.kind === 'local') {
      return {
        playbackUrl: playable ? signer.sign('GET', `/files/shared/${token}/video`, expiresAt) : null,
        posterUrl: row.posterKey ? signer.sign('GET', `/files/shared/${token}/poster`, expiresAt) : null,
      };
    }
    const [playbackUrl, posterUrl] = await Promise.all([
      playable ? store.downloadUrl(row.storageKey, row.contentType, expiresAt) : null,
      row.posterKey ? store.downloadUrl(row.posterKey, 'image/jpeg', expiresAt) : null,
    ]);
    return { playbackUrl, posterUrl };
  }

  /** Tells every open tab of the team; a failure to tell is logged, never the caller's error. */
  async function publish(row: OwnedVideo): Promise<Video> {
    const video = await present(row);
    await events.publish({ type: 'video', teamId: row.teamId, video }).catch((error: unknown) => {
      log.warn({ err: error, videoId: row.id }, 'video event not published');
    });
    return video;
  }

  async function teamVideo(teamId: string, id: string): Promise<OwnedVideo> {
    const row = await findTeamVideo(db, teamId, id);
    if (!row) {
      throw notFound('This video does not exist.');
    }
    return row;
  }

  /**
   * A video of the team that this member may rename or delete: their own, or any of the team's for
   * an admin (issue 15: a user could rename or delete a teammate's video, with no undo).
   */
  async function ownVideo(actor: VideoActor, id: string): Promise<OwnedVideo> {
    const video = await teamVideo(actor.teamId, id);
    if (actor.role !== 'admin' && video.ownerId !== actor.userId) {
      throw forbidden("Only an admin can rename or delete a teammate's video.");
    }
    return video;
  }

  type OpenUpload = UploadHandle & { partSize: number; partCount: number };

  /**
   * The video and its upload while parts may be sent. A completion in flight (or cut off: the
   * processing job or a retried `complete` takes it over once its lease runs out) answers 409
   * UPLOAD_COMPLETING, which a client asks again after; anything else 409 UPLOAD_CLOSED.
   */
  async function openUpload(teamId: string, id: string): Promise<{ video: OwnedVideo; upload: OpenUpload }> {
    const video = await teamVideo(teamId, id);
    const upload = video.status === 'uploading' ? await findUpload(db, id) : undefined;
    if (!upload) {
      throw video.status === 'processing' && video.size === null ? completing() : closed();
    }
    return { video, upload: handleOf(video, upload) };
  }

  function handleOf(
    video: VideoRow,
    upload: { storageUploadId: string; partSize: number; partCount: number },
  ): OpenUpload {
    return {
      key: video.storageKey,
      uploadId: upload.storageUploadId,
      partSize: upload.partSize,
      partCount: upload.partCount,
    };
  }

  return {
    present,
    publish,
    sharedUrls,

    async create(
      principal: { teamId: string; userId: string; name: string },
      body: z.output<typeof createVideoRequestSchema>,
    ) {
      const contentType = baseContentType(body.contentType);
      if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType)) {
        throw notAVideo();
      }
      if (body.size > config.videoMaxBytes) {
        throw tooLarge(config.videoMaxBytes);
      }
      const partSize = Math.max(config.uploadPartSize, Math.ceil(body.size / MAX_UPLOAD_PARTS));
      const partCount = Math.ceil(body.size / partSize);
      const id = randomUUID();
      const storageKey = videoKey(principal.teamId, id);
      const storageUploadId = await store.createUpload(storageKey, contentType);
      const row = await insertVideoWithUpload(
        db,
        {
          id,
          teamId: principal.teamId,
          ownerId: principal.userId,
          title: body.title,
          kind: body.kind,
          ref: body.ref,
          contentType: contentType as VideoContentType,
          declaredSize: body.size,
          durationSeconds: body.durationSeconds,
          storageKey,
        },
        { storageUploadId, partSize, partCount },
      );
      return { video: await present({ ...row, ownerName: principal.name }), upload: { partSize, partCount } };
    },

    /**
     * A video sent as it is recorded (a visitor's message after a missed call): its size is not
     * known yet, so the upload takes up to the limit in parts of the part size, and
     * {@link completeStreamed} closes it with what arrived.
     */
    async createStreamed(
      owner: { teamId: string; userId: string },
      values: { title: string; kind: 'message'; ref: string; contentType: VideoContentType },
    ): Promise<{ id: string; minPartBytes: number; maxPartBytes: number; maxParts: number }> {
      const id = randomUUID();
      const storageKey = videoKey(owner.teamId, id);
      const storageUploadId = await store.createUpload(storageKey, values.contentType);
      const partSize = config.uploadPartSize;
      await insertVideoWithUpload(
        db,
        {
          id,
          teamId: owner.teamId,
          ownerId: owner.userId,
          ...values,
          declaredSize: config.videoMaxBytes,
          durationSeconds: null,
          storageKey,
        },
        { storageUploadId, partSize, partCount: MAX_UPLOAD_PARTS },
      );
      return {
        id,
        minPartBytes: store.kind === 's3' ? MIN_UPLOAD_PART_SIZE : 1,
        maxPartBytes: partSize,
        maxParts: MAX_UPLOAD_PARTS,
      };
    },

    /**
     * Closes a streamed upload with the parts that arrived, from part 1 without a gap, and joins
     * them as {@link complete} does (the same checks, then processing). 409 UPLOAD_INCOMPLETE when
     * nothing arrived.
     */
    async completeStreamed(teamId: string, id: string): Promise<Video> {
      const video = await teamVideo(teamId, id);
      if (isJoined(video)) {
        return present(video);
      }
      const { upload } = await openUpload(teamId, id);
      let whole: StoredPart[];
      try {
        whole = (await store.listParts(upload))
          .sort((left, right) => left.partNumber - right.partNumber)
          .filter((part, index) => part.partNumber === index + 1);
      } catch (error) {
        throw storeRefusal(error) ?? error;
      }
      if (whole.length === 0) {
        throw conflict(ERROR_CODES.uploadIncomplete, 'Nothing of this video has arrived yet.');
      }
      // Later parts (after a gap) are refused from now on, and the join takes exactly these.
      const size = whole.reduce((sum, part) => sum + part.size, 0);
      await settleStreamedUpload(db, id, whole.length, size);
      const parts = whole.map(({ partNumber, etag }) => ({ partNumber, etag }));
      return this.complete(teamId, id, parts);
    },

    async presignParts(teamId: string, id: string, partNumbers: number[]): Promise<UploadPartUrl[]> {
      const { upload } = await openUpload(teamId, id);
      const beyond = partNumbers.find((partNumber) => partNumber > upload.partCount);
      if (beyond !== undefined) {
        throw new AppError(
          400,
          ERROR_CODES.partOutOfRange,
          `This upload has ${upload.partCount} parts; there is no part ${beyond}.`,
        );
      }
      const unique = [...new Set(partNumbers)].sort((left, right) => left - right);
      const expiresAt = new Date(Date.now() + PART_URL_SECONDS * 1000);
      const addresses = await store.presignParts(upload, unique, expiresAt);
      return addresses.map((address) => ({ ...address, expiresAt: address.expiresAt.toISOString() }));
    },

    async uploadState(teamId: string, id: string): Promise<UploadState> {
      const { upload } = await openUpload(teamId, id);
      try {
        const parts = await store.listParts(upload);
        return { partSize: upload.partSize, partCount: upload.partCount, parts };
      } catch (error) {
        throw storeRefusal(error) ?? error;
      }
    },

    /**
     * Joins the parts into the video: every part 1…n in order, each whole (its etag), no more
     * bytes than declared nor than the limit (413), and MP4 or WebM bytes (415). A file that fails
     * is deleted and its video marked `error`; it never becomes ready. Asked again once the parts
     * are joined (a retry whose answer was lost), it answers the video; while another request or
     * instance joins them, 409 UPLOAD_COMPLETING; and a join whose instance died (its lease ran
     * out) is taken over and done again.
     */
    async complete(teamId: string, id: string, parts: { partNumber: number; etag: string }[]): Promise<Video> {
      const video = await teamVideo(teamId, id);
      if (isJoined(video)) {
        return present(video);
      }
      const uploadRow = video.status === 'error' ? undefined : await findUpload(db, id);
      if (!uploadRow) {
        // Processing without an upload: joined, and the processing job finishes the checks.
        throw video.status === 'processing' ? completing() : closed();
      }
      const upload = handleOf(video, uploadRow);
      const outOfOrder = parts.findIndex((part, index) => part.partNumber !== index + 1);
      if (outOfOrder !== -1 || parts.length !== upload.partCount) {
        const missing = outOfOrder === -1 ? parts.length + 1 : outOfOrder + 1;
        throw new AppError(
          400,
          ERROR_CODES.partsOutOfOrder,
          `Give every part from 1 to ${upload.partCount} in order, each once; part ${missing} is missing.`,
        );
      }
      const claimed = await claimCompletion(db, teamId, id, COMPLETION_LEASE.seconds);
      if (!claimed?.processingLeaseUntil) {
        const now = await teamVideo(teamId, id);
        if (isJoined(now)) {
          return present(now);
        }
        throw now.status === 'processing' && now.size === null ? completing() : closed();
      }
      const lease = holdLease(db, id, claimed.processingLeaseUntil, log);
      try {
        return await completeClaimed(video, upload, parts, lease);
      } finally {
        await lease.stop();
      }
    },

    /** Cancel: the parts and the video go. */
    async abort(teamId: string, id: string): Promise<void> {
      const { upload } = await openUpload(teamId, id);
      await store.abortUpload(upload);
      await deleteVideo(db, teamId, id);
    },

    async list(teamId: string, query: VideoListQuery): Promise<{ list: Video[]; total: number }> {
      const { rows, total } = await listTeamVideos(db, teamId, query);
      return { list: await Promise.all(rows.map(present)), total };
    },

    async get(teamId: string, id: string): Promise<Video> {
      return present(await teamVideo(teamId, id));
    },

    async rename(actor: VideoActor, id: string, title: string): Promise<Video> {
      const video = await ownVideo(actor, id);
      const row = await updateVideo(db, id, { title });
      if (!row) {
        throw notFound('This video does not exist.');
      }
      return publish({ ...row, ownerName: video.ownerName });
    },

    /** The file and poster go, an unfinished upload is aborted, and every share link stops working. */
    async remove(actor: VideoActor, id: string): Promise<void> {
      const video = await ownVideo(actor, id);
      const upload = video.status === 'uploading' ? await findUpload(db, id) : undefined;
      const removed = await deleteVideo(db, actor.teamId, id);
      if (!removed) {
        throw notFound('This video does not exist.');
      }
      await removeFiles(removed, upload?.storageUploadId);
    },
  };

  /**
   * The join, under a claim kept alive by `lease`: the parts as listed (each whole, the sizes), the
   * store's join, the checks. A refusal that the member can mend (a part missing or short) gives
   * the video back to `uploading`, its parts kept; every write to the video is made only while the
   * claim holds, so a worker that was taken over changes nothing.
   */
  async function completeClaimed(
    video: OwnedVideo,
    upload: OpenUpload,
    parts: { partNumber: number; etag: string }[],
    lease: HeldLease,
  ): Promise<Video> {
    const id = video.id;
    /** Back to `uploading`: the member may send what is missing and complete again. */
    const reopen = async (refusal: unknown): Promise<never> => {
      const heldUntil = await lease.stop();
      const row =
        heldUntil && (await updateLeasedVideo(db, id, heldUntil, { status: 'uploading', processingAttempts: 0 }, null));
      if (!row) {
        throw completing();
      }
      throw storeRefusal(refusal) ?? refusal;
    };
    /** Marks the video failed, if it is still this claim's. */
    const refuse = async (status: 413 | 415, message: string): Promise<never> => {
      const heldUntil = await lease.stop();
      const row =
        heldUntil && (await updateLeasedVideo(db, id, heldUntil, { status: 'error', errorMessage: message }, null));
      if (row) {
        await publish({ ...row, ownerName: video.ownerName });
      }
      throw status === 413 ? new AppError(413, ERROR_CODES.videoTooLarge, message) : notAVideo();
    };

    let stored: StoredPart[];
    try {
      stored = await store.listParts(upload);
    } catch (error) {
      return reopen(error);
    }
    const sizes = new Map(stored.map((part) => [part.partNumber, part.size]));
    const total = parts.reduce((sum, part) => sum + (sizes.get(part.partNumber) ?? 0), 0);
    const listedRefusal = sizeRefusal(total, video.declaredSize, config.videoMaxBytes);
    if (listedRefusal) {
      await store.abortUpload(upload);
      await deleteUpload(db, id);
      return refuse(413, listedRefusal);
    }
    if (total < video.declaredSize && parts.every((part) => sizes.has(part.partNumber))) {
      return reopen(
        new AppError(
          400,
          ERROR_CODES.uploadIncomplete,
          `Only ${total} of the ${video.declaredSize} bytes declared have arrived; send the rest of each part again.`,
        ),
      );
    }

    try {
      await store.completeUpload(upload, parts, { signal: lease.signal });
    } catch (error) {
      if (lease.signal.aborted) {
        throw completing();
      }
      // An answer lost on the way back (S3 joined it, the connection dropped): the object is there.
      if ((await store.size(video.storageKey).catch(() => null)) === null) {
        return reopen(error);
      }
      log.warn({ err: error, videoId: id }, 'the join failed, yet the joined file is there: checking it');
    }
    await deleteUpload(db, id);

    let checked: { size: number; contentType: VideoContentType };
    try {
      checked = await checkJoined(store, video, config.videoMaxBytes);
    } catch (error) {
      if (error instanceof JoinRefusal) {
        return refuse(error.status, error.message);
      }
      throw error;
    }
    if (checked.contentType !== video.contentType) {
      log.info(
        { videoId: id, declared: video.contentType, detected: checked.contentType },
        'video type corrected from its bytes',
      );
    }
    const heldUntil = await lease.stop();
    const row = heldUntil && (await updateLeasedVideo(db, id, heldUntil, checked, null));
    if (!row) {
      const now = await findTeamVideo(db, video.teamId, id);
      if (!now) {
        // Deleted while its parts were joined.
        await store.delete(video.storageKey).catch(() => {});
        throw notFound('This video does not exist.');
      }
      if (isJoined(now)) {
        return present(now);
      }
      throw completing();
    }
    options.onProcessingDue();
    return publish({ ...row, ownerName: video.ownerName });
  }

  /** Store clean-up after the row is gone: a failure leaves an orphan file, logged, not an error for the member. */
  async function removeFiles(row: VideoRow, storageUploadId: string | undefined): Promise<void> {
    const work: Promise<unknown>[] = [store.delete(row.storageKey)];
    if (row.posterKey) {
      work.push(store.delete(row.posterKey));
    }
    if (storageUploadId) {
      work.push(store.abortUpload({ key: row.storageKey, uploadId: storageUploadId }));
    }
    for (const result of await Promise.allSettled(work)) {
      if (result.status === 'rejected') {
        log.warn({ err: result.reason, videoId: row.id }, 'video file not removed');
      }
    }
  }
}
export type VideoService = ReturnType<typeof createVideoService>;
