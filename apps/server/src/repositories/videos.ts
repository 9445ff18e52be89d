import type { VideoContentType, VideoKind, VideoListQuery } from '@parley/api';
import { and, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, videoMessages, videos, videoUploads } from '../db/schema';
import type { JobQueue } from '../lib/job-runner';

export type VideoRow = typeof videos.$inferSelect;
export type VideoUploadRow = typeof videoUploads.$inferSelect;
/** A video with its owner's name, as the API shows it. */
export type OwnedVideo = VideoRow & { ownerName: string };
/** A video a processing worker holds: `attempts` is its `processing_attempts`, this claim included. */
export type ClaimedVideo = OwnedVideo & { attempts: number };

const owned = { video: videos, ownerName: users.name };

function withOwner(row: { video: VideoRow; ownerName: string }): OwnedVideo {
  return { ...row.video, ownerName: row.ownerName };
}

export interface NewVideo {
  id: string;
  teamId: string;
  ownerId: string;
  title: string;
  kind: VideoKind;
  ref: string | null;
  contentType: VideoContentType;
  declaredSize: number;
  /** What the browser said the recording lasts, until the server measures it; null when it did not say. */
  durationSeconds: number | null;
  storageKey: string;
}

/** The video and its upload, in one transaction: there is never one without the other. */
export async function insertVideoWithUpload(
  db: Db,
  video: NewVideo,
  upload: { storageUploadId: string; partSize: number; partCount: number },
): Promise<VideoRow> {
  return db.transaction(async (transaction) => {
    const [row] = await transaction
      .insert(videos)
      .values({ ...video, status: 'uploading' })
      .returning();
    if (!row) {
      throw new Error('The video was not stored.');
    }
    await transaction.insert(videoUploads).values({ videoId: row.id, teamId: row.teamId, ...upload });
    return row;
  });
}

/** A video of the team; another team's answers nothing, as if it did not exist. */
export async function findTeamVideo(db: Db, teamId: string, id: string): Promise<OwnedVideo | undefined> {
  const [row] = await db
    .select(owned)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(videos.teamId, teamId), eq(videos.id, id)));
  return row && withOwner(row);
}

export async function findVideoById(db: Db, id: string): Promise<OwnedVideo | undefined> {
  const [row] = await db
    .select(owned)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.id, id));
  return row && withOwner(row);
}

/** `%`, `_` and `\` typed in a search box are searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The team's videos, newest first, a page at a time; title contains, any case. */
export async function listTeamVideos(
  db: Db,
  teamId: string,
  query: VideoListQuery,
): Promise<{ rows: (OwnedVideo & { messageCount: number })[]; total: number }> {
  const conditions: SQL[] = [eq(videos.teamId, teamId)];
  if (query.title) {
    conditions.push(ilike(videos.title, likePattern(query.title)));
  }
  if (query.kind) {
    conditions.push(eq(videos.kind, query.kind));
  }
  if (query.ref) {
    conditions.push(eq(videos.ref, query.ref));
  }
  if (query.status && query.status.length > 0) {
    conditions.push(inArray(videos.status, query.status));
  }
  const where = and(...conditions);
  // The video messages whose links deleting the video would stop (revoked ones already stopped).
  const messageCount =
    sql<number>`(select count(*) from ${videoMessages} where ${videoMessages.videoId} = ${videos.id} and ${videoMessages.revokedAt} is null)`.mapWith(
      Number,
    );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...owned, messageCount })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(where)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ value: count() }).from(videos).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...withOwner(row), messageCount: row.messageCount })), total: total?.value ?? 0 };
}

export async function updateVideo(
  db: Db,
  id: string,
  values: Partial<Omit<VideoRow, 'id' | 'teamId' | 'createdAt'>>,
  onlyIfStatus?: VideoRow['status'],
): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(videos.id, id), onlyIfStatus ? eq(videos.status, onlyIfStatus) : undefined))
    .returning();
  return row;
}

export async function findUpload(db: Db, videoId: string): Promise<VideoUploadRow | undefined> {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.videoId, videoId));
  return row;
}

/** A local upload by the id in its part addresses, while its video still waits for parts. */
export async function findOpenUploadByStorageId(
  db: Db,
  storageUploadId: string,
): Promise<(VideoUploadRow & { storageKey: string }) | undefined> {
  const [row] = await db
    .select({ upload: videoUploads, storageKey: videos.storageKey })
    .from(videoUploads)
    .innerJoin(videos, eq(videos.id, videoUploads.videoId))
    .where(and(eq(videoUploads.storageUploadId, storageUploadId), eq(videos.status, 'uploading')));
  return row && { ...row.upload, storageKey: row.storageKey };
}

/** A streamed upload's parts and size, set to what arrived once the recording ends. */
export async function settleStreamedUpload(db: Db, videoId: string, partCount: number, size: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(videoUploads).set({ partCount }).where(eq(videoUploads.videoId, videoId));
    await tx.update(videos).set({ declaredSize: size }).where(eq(videos.id, videoId));
  });
}

export async function deleteUpload(db: Db, videoId: string): Promise<void> {
  await db.delete(videoUploads).where(eq(videoUploads.videoId, videoId));
}

/**
 * A lease end the database sets, to the millisecond: a JavaScript Date holds it exactly, so the
 * value read back names this one claim (see renewLease).
 */
function leaseEnd(seconds: number): SQL {
  return sql`date_trunc('milliseconds', now() + make_interval(secs => ${seconds}))`;
}

/**
 * Takes the video to `processing` for the one request that completes it (two at once: the second
 * finds it taken), held for `leaseSeconds` so the processing job leaves it alone while its parts
 * are joined. A completion whose lease ran out (its instance died mid-join) is taken over too.
 */
export async function claimCompletion(
  db: Db,
  teamId: string,
  id: string,
  leaseSeconds: number,
): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set({ status: 'processing', processingLeaseUntil: leaseEnd(leaseSeconds), updatedAt: sql`now()` })
    .where(
      and(
        eq(videos.teamId, teamId),
        eq(videos.id, id),
        or(
          eq(videos.status, 'uploading'),
          and(eq(videos.status, 'processing'), isNull(videos.size), lt(videos.processingLeaseUntil, sql`now()`)),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Extends a claim for `seconds` from now, if it is still the one that ended at `heldUntil`: the
 * lease's end is the claim's token, so a worker whose lease ran out and was taken over learns it
 * here (undefined) and never writes over its successor.
 */
export async function renewLease(db: Db, id: string, heldUntil: Date, seconds: number): Promise<Date | undefined> {
  const [row] = await db
    .update(videos)
    .set({ processingLeaseUntil: leaseEnd(seconds) })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing'), eq(videos.processingLeaseUntil, heldUntil)))
    .returning({ processingLeaseUntil: videos.processingLeaseUntil });
  return row?.processingLeaseUntil ?? undefined;
}

/**
 * Updates a video only while this worker's claim (the lease ending at `heldUntil`) still holds,
 * and sets the lease: `leaseSeconds` from now, or none.
 */
export async function updateLeasedVideo(
  db: Db,
  id: string,
  heldUntil: Date,
  values: Partial<Omit<VideoRow, 'id' | 'teamId' | 'createdAt' | 'processingLeaseUntil'>>,
  leaseSeconds: number | null,
): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set({
      ...values,
      processingLeaseUntil: leaseSeconds === null ? null : leaseEnd(leaseSeconds),
      updatedAt: sql`now()`,
    })
    .where(and(eq(videos.id, id), eq(videos.status, 'processing'), eq(videos.processingLeaseUntil, heldUntil)))
    .returning();
  return row;
}

/**
 * Videos waiting for processing (or whose job died: its lease ran out), each taken by one worker
 * of one instance: `FOR UPDATE SKIP LOCKED` and the new lease in the same statement.
 */
export async function claimProcessing(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedVideo[]> {
  const due = db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.status, 'processing'),
        or(isNull(videos.processingLeaseUntil), lt(videos.processingLeaseUntil, sql`now()`)),
      ),
    )
    .orderBy(videos.updatedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(videos)
    .set({
      processingLeaseUntil: leaseEnd(leaseSeconds),
      processingAttempts: sql`${videos.processingAttempts} + 1`,
    })
    .where(inArray(videos.id, due))
    .returning();
  if (claimed.length === 0) {
    return [];
  }
  const owners = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((row) => row.ownerId),
      ),
    );
  const names = new Map(owners.map((owner) => [owner.id, owner.name]));
  return claimed.map((row) => ({ ...row, ownerName: names.get(row.ownerId) ?? '', attempts: row.processingAttempts }));
}

/**
 * The processing queue: videos in `processing`, held by `processing_lease_until`, whose end is the
 * claim's token. No `retry`: a failed try waits for its lease to run out (ten minutes from the
 * claim, or a minute from the last renewal of a cut-off completion's join).
 */
export function processingQueue(db: Db): JobQueue<ClaimedVideo> {
  return {
    claim: (limit, leaseSeconds) => claimProcessing(db, limit, leaseSeconds),
    async release(video) {
      if (!video.processingLeaseUntil) {
        return;
      }
      await db
        .update(videos)
        .set({ processingLeaseUntil: null, processingAttempts: sql`${videos.processingAttempts} - 1` })
        .where(
          and(
            eq(videos.id, video.id),
            eq(videos.status, 'processing'),
            eq(videos.processingLeaseUntil, video.processingLeaseUntil),
          ),
        );
    },
  };
}

/**
 * Uploads begun before `hours` ago and never completed. Only those still waiting for parts: one
 * being joined, or cut off mid-join, is the processing job's to finish.
 */
export async function findStaleUploads(db: Db, hours: number): Promise<(VideoUploadRow & { storageKey: string })[]> {
  const rows = await db
    .select({ upload: videoUploads, storageKey: videos.storageKey })
    .from(videoUploads)
    .innerJoin(videos, eq(videos.id, videoUploads.videoId))
    .where(
      and(lt(videoUploads.createdAt, sql`now() - make_interval(hours => ${hours})`), eq(videos.status, 'uploading')),
    )
    .limit(100);
  return rows.map((row) => ({ ...row.upload, storageKey: row.storageKey }));
}

/** Removes the video; its share links are revoked in the same transaction (their rows stay for the sender). */
export async function deleteVideo(db: Db, teamId: string, id: string): Promise<VideoRow | undefined> {
  return db.transaction(async (transaction) => {
    await transaction
      .update(videoMessages)
      .set({ revokedAt: sql`coalesce(${videoMessages.revokedAt}, now())` })
      .where(and(eq(videoMessages.teamId, teamId), eq(videoMessages.videoId, id)));
    const [row] = await transaction
      .delete(videos)
      .where(and(eq(videos.teamId, teamId), eq(videos.id, id)))
      .returning();
    return row;
  });
}
