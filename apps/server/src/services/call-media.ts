import { randomUUID } from 'node:crypto';
import { ERROR_CODES, MAX_UPLOAD_PARTS, MIN_UPLOAD_PART_SIZE, type UploadPartUrl } from '@parley/api';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { callMedia, calls } from '../db/schema';
import { AppError, forbidden, notFound } from '../lib/errors';
import { StoreError, type VideoStore, videoKey } from './storage/store';

/** How long a pre-signed part address lasts: a part goes up every few seconds. */
const PART_URL_SECONDS = 15 * 60;
/**
 * After the call ends, how long a side may still send its last parts and close its upload before
 * the server closes it with what arrived (a crashed or closed tab never will).
 */
export const CALL_MEDIA_GRACE_SECONDS = 30;
/** The most recordings one side may start in one call (each reconnect of the page starts one). */
export const MAX_MEDIA_PER_SIDE = 20;

export type MediaSource = 'caller' | 'member';

/** Who is recording: the call's visitor, or the member who took it. */
export type MediaSide = { source: 'caller' } | { source: 'member'; userId: string };

export interface OpenedMedia {
  id: string;
  /** A part but the last must have at least this many bytes (S3's floor; 1 on local disk). */
  minPartBytes: number;
  /** No part may have more. */
  maxPartBytes: number;
  maxParts: number;
}

export interface CallMediaOptions {
  db: () => Db;
  store: VideoStore;
  /** The largest part (UPLOAD_PART_SIZE). */
  partSize: number;
  log: FastifyBaseLogger;
}

const notRecording = () =>
  new AppError(409, ERROR_CODES.callOver, 'This call is not connected, so it cannot be recorded.');

/**
 * Each side's recording of a live call (issue 16): the visitor and the member who took the call
 * each record their own camera and microphone and send it in parts, every few seconds, as one
 * multipart upload per side, so that a crash or a closed tab loses only the last seconds. The side
 * closes its upload when the call ends; one that never does is closed by the server with the parts
 * that arrived once the call has been over {@link CALL_MEDIA_GRACE_SECONDS}, and before a
 * recording is joined. Then the row's `upload_id` is null and the recording job joins the file.
 */
export function createCallMedia(options: CallMediaOptions) {
  const { db, store, partSize, log } = options;
  const minPartBytes = store.kind === 's3' ? MIN_UPLOAD_PART_SIZE : 1;

  /** The side's own open upload of this call. */
  async function openUpload(teamId: string, callId: string, mediaId: string, side: MediaSide) {
    const [row] = await db()
      .select({
        id: callMedia.id,
        storageKey: callMedia.storageKey,
        uploadId: callMedia.uploadId,
        receivedBy: calls.receivedBy,
      })
      .from(callMedia)
      .innerJoin(calls, eq(calls.id, callMedia.callId))
      .where(
        and(
          eq(callMedia.id, mediaId),
          eq(callMedia.callId, callId),
          eq(callMedia.teamId, teamId),
          eq(callMedia.source, side.source),
        ),
      );
    if (!row || (side.source === 'member' && row.receivedBy !== side.userId)) {
      throw notFound('This recording does not exist.');
    }
    return row;
  }

  /**
   * Joins what arrived of one upload into its file, once: the row gives up its upload id in a
   * conditional update first, so of two closers (the side, the sweep, the recording job) one does
   * the work. Only the parts from 1 on without a gap count; with none, the row goes.
   */
  async function close(media: { id: string; storageKey: string; uploadId: string }): Promise<number> {
    const [claimed] = await db()
      .update(callMedia)
      .set({ uploadId: null })
      .where(and(eq(callMedia.id, media.id), eq(callMedia.uploadId, media.uploadId)))
      .returning({ id: callMedia.id });
    if (!claimed) {
      return (await store.size(media.storageKey)) ?? 0;
    }
    const upload = { key: media.storageKey, uploadId: media.uploadId };
    try {
      const parts = (await store.listParts(upload)).sort((left, right) => left.partNumber - right.partNumber);
      const whole = parts.filter((part, index) => part.partNumber === index + 1);
      if (whole.length === 0) {
        await store.abortUpload(upload);
        await db().delete(callMedia).where(eq(callMedia.id, media.id));
        return 0;
      }
      await store.completeUpload(
        upload,
        whole.map(({ partNumber, etag }) => ({ partNumber, etag })),
      );
      return whole.reduce((sum, part) => sum + part.size, 0);
    } catch (error) {
      // Nothing usable is left of it: the row goes, so that the recording joins the other files.
      log.warn({ err: error, mediaId: media.id }, 'call media not joined; dropped');
      await store.abortUpload(upload).catch(() => {});
      await db().delete(callMedia).where(eq(callMedia.id, media.id));
      return 0;
    }
  }

  return {
    /**
     * A side starts recording its camera and microphone: only while the call is connected (and for
     * a member, only the one who took it). The file lies on the call's timeline at the seconds
     * since the answer, by the database's clock.
     */
    async open(teamId: string, callId: string, side: MediaSide, contentType: string): Promise<OpenedMedia> {
      // The request schema took WebM or MP4 only; the store keeps the base type.
      const baseType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
      const id = randomUUID();
      const storageKey = videoKey(teamId, id);
      const uploadId = await store.createUpload(storageKey, baseType);
      const { rows } = (await db().execute(sql`
        insert into call_media (id, team_id, call_id, source, storage_key, content_type, offset_seconds, upload_id)
        select ${id}, calls.team_id, calls.id, ${side.source}, ${storageKey}, ${baseType},
          greatest(0, extract(epoch from now() - calls.received_at)), ${uploadId}
        from calls
        where calls.id = ${callId} and calls.team_id = ${teamId} and calls.live_state = 'connected'
          ${side.source === 'member' ? sql`and calls.received_by = ${side.userId}` : sql``}
          and (select count(*) from call_media where call_media.call_id = ${callId} and call_media.source = ${side.source}) < ${MAX_MEDIA_PER_SIDE}
        returning call_media.id
      `)) as unknown as { rows: Array<{ id: string }> };
      if (rows.length > 0) {
        return { id, minPartBytes, maxPartBytes: partSize, maxParts: MAX_UPLOAD_PARTS };
      }
      await store.abortUpload({ key: storageKey, uploadId }).catch(() => {});
      const [call] = await db()
        .select({ liveState: calls.liveState, receivedBy: calls.receivedBy })
        .from(calls)
        .where(and(eq(calls.id, callId), eq(calls.teamId, teamId)));
      if (!call) {
        throw notFound();
      }
      if (call.liveState !== 'connected') {
        throw notRecording();
      }
      if (side.source === 'member' && call.receivedBy !== side.userId) {
        throw forbidden('Only the member who took this call records it.');
      }
      throw new AppError(
        429,
        ERROR_CODES.tooManyRequests,
        `A side may start at most ${MAX_MEDIA_PER_SIDE} recordings of one call.`,
      );
    },

    /** Pre-signed addresses for the next parts of the side's own open upload. */
    async presignParts(
      teamId: string,
      callId: string,
      mediaId: string,
      side: MediaSide,
      partNumbers: number[],
    ): Promise<UploadPartUrl[]> {
      const row = await openUpload(teamId, callId, mediaId, side);
      if (!row.uploadId) {
        throw new AppError(409, ERROR_CODES.uploadClosed, 'This recording is closed already.');
      }
      const unique = [...new Set(partNumbers)].sort((left, right) => left - right);
      const expiresAt = new Date(Date.now() + PART_URL_SECONDS * 1000);
      try {
        const addresses = await store.presignParts({ key: row.storageKey, uploadId: row.uploadId }, unique, expiresAt);
        return addresses.map((address) => ({ ...address, expiresAt: address.expiresAt.toISOString() }));
      } catch (error) {
        if (error instanceof StoreError) {
          throw new AppError(409, ERROR_CODES.uploadClosed, 'This recording is closed already.');
        }
        throw error;
      }
    },

    /** The side is done: the parts that arrived become its file (answers its bytes; 0 when none came). */
    async finish(teamId: string, callId: string, mediaId: string, side: MediaSide): Promise<number> {
      const row = await openUpload(teamId, callId, mediaId, side);
      if (!row.uploadId) {
        return (await store.size(row.storageKey)) ?? 0;
      }
      return close({ id: row.id, storageKey: row.storageKey, uploadId: row.uploadId });
    },

    /** Closes every upload of the call still open (before its recording is joined). */
    async closeCall(teamId: string, callId: string): Promise<void> {
      const open = await db()
        .select({ id: callMedia.id, storageKey: callMedia.storageKey, uploadId: callMedia.uploadId })
        .from(callMedia)
        .where(and(eq(callMedia.teamId, teamId), eq(callMedia.callId, callId), isNotNull(callMedia.uploadId)));
      for (const media of open) {
        await close({ ...media, uploadId: media.uploadId as string });
      }
    },

    /**
     * Closes the uploads whose side went quiet: their call ended {@link CALL_MEDIA_GRACE_SECONDS}
     * ago or more. Answers how many.
     */
    async sweep(): Promise<number> {
      const { rows } = (await db().execute(sql`
        select call_media.id, call_media.storage_key, call_media.upload_id
        from call_media join calls on calls.id = call_media.call_id
        where call_media.upload_id is not null and calls.live_state is null
          and calls.ended_at < now() - make_interval(secs => ${CALL_MEDIA_GRACE_SECONDS})
        limit 50
      `)) as unknown as { rows: Array<{ id: string; storage_key: string; upload_id: string }> };
      for (const row of rows) {
        await close({ id: row.id, storageKey: row.storage_key, uploadId: row.upload_id });
      }
      return rows.length;
    },

    /** The limits of an open upload, for the local store's part route (null for another upload id). */
    async findOpenUpload(uploadId: string): Promise<{ partSize: number; partCount: number } | null> {
      const [row] = await db().select({ id: callMedia.id }).from(callMedia).where(eq(callMedia.uploadId, uploadId));
      return row ? { partSize, partCount: MAX_UPLOAD_PARTS } : null;
    },
  };
}
export type CallMedia = ReturnType<typeof createCallMedia>;
