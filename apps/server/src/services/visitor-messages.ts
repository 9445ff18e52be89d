import { ERROR_CODES, type UploadPartUrl, type VideoContentType } from '@parley/api';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls, users, videos } from '../db/schema';
import { AppError, conflict, notFound } from '../lib/errors';
import type { OpenedMedia } from './call-media';
import type { LiveCalls } from './live-calls';
import type { VideoService } from './videos';

/** Messages a visitor may have started and not sent for one call ("Record again" starts another). */
export const MAX_OPEN_MESSAGES = 3;

export interface VisitorMessagesOptions {
  db: () => Db;
  videoService: VideoService;
  liveCalls: LiveCalls;
}

/**
 * A visitor's video message after a call nobody answered (issue 16), sent in parts as it is
 * recorded, like a side of a live call, and joined when the visitor sends it: a `message` video of
 * the team (in the name of its first admin, since a visitor has no account) that the call's
 * `message_video_id` points at, so it shows under Messages.
 */
export function createVisitorMessages(options: VisitorMessagesOptions) {
  const { db, videoService, liveCalls } = options;

  /** The call, only once it was missed and while it has no message. */
  async function missedCall(teamId: string, callId: string) {
    const [call] = await db()
      .select({
        liveState: calls.liveState,
        receivedBy: calls.receivedBy,
        callerName: calls.callerName,
        messageVideoId: calls.messageVideoId,
      })
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.teamId, teamId)));
    if (!call) {
      throw notFound();
    }
    if (call.liveState !== null || call.receivedBy !== null) {
      throw new AppError(409, ERROR_CODES.callOver, 'A video message can be left only after a call nobody answered.');
    }
    if (call.messageVideoId !== null) {
      throw conflict(ERROR_CODES.conflict, 'A video message was already left for this call.');
    }
    return call;
  }

  /** The call's own message upload. */
  async function messageOf(teamId: string, callId: string, videoId: string): Promise<void> {
    const [video] = await db()
      .select({ id: videos.id })
      .from(videos)
      .where(
        and(eq(videos.id, videoId), eq(videos.teamId, teamId), eq(videos.kind, 'message'), eq(videos.ref, callId)),
      );
    if (!video) {
      throw notFound('This message does not exist.');
    }
  }

  return {
    /** The visitor starts recording: the message's upload, its parts sent as they are recorded. */
    async open(teamId: string, callId: string, contentType: string): Promise<OpenedMedia> {
      const call = await missedCall(teamId, callId);
      const [open] = await db()
        .select({ count: count() })
        .from(videos)
        .where(
          and(
            eq(videos.teamId, teamId),
            eq(videos.kind, 'message'),
            eq(videos.ref, callId),
            eq(videos.status, 'uploading'),
          ),
        );
      if ((open?.count ?? 0) >= MAX_OPEN_MESSAGES) {
        throw new AppError(
          429,
          ERROR_CODES.tooManyRequests,
          `At most ${MAX_OPEN_MESSAGES} messages may be under way for one call.`,
        );
      }
      const [owner] = await db()
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.teamId, teamId), isNull(users.removedAt)))
        .orderBy(sql`${users.role} = 'admin' desc`, asc(users.createdAt))
        .limit(1);
      if (!owner) {
        throw notFound();
      }
      // A recording without a camera is WebM or MP4 all the same.
      const base = (contentType.split(';')[0] ?? '').trim().toLowerCase();
      const videoType: VideoContentType = base.endsWith('/mp4') ? 'video/mp4' : 'video/webm';
      const from = call.callerName.trim() || 'a visitor';
      return videoService.createStreamed(
        { teamId, userId: owner.id },
        { title: `Message from ${from}`, kind: 'message', ref: callId, contentType: videoType },
      );
    },

    async presignParts(
      teamId: string,
      callId: string,
      videoId: string,
      partNumbers: number[],
    ): Promise<UploadPartUrl[]> {
      await messageOf(teamId, callId, videoId);
      return videoService.presignParts(teamId, videoId, partNumbers);
    },

    /**
     * The visitor sends it: what arrived is joined and processed, the call points at it, and the
     * team hears of it (its call history, and a notice to every active member).
     */
    async send(teamId: string, callId: string, videoId: string): Promise<number> {
      await messageOf(teamId, callId, videoId);
      await missedCall(teamId, callId);
      const video = await videoService.completeStreamed(teamId, videoId);
      const [attached] = await db()
        .update(calls)
        .set({ messageVideoId: videoId })
        .where(and(eq(calls.id, callId), eq(calls.teamId, teamId), isNull(calls.messageVideoId)))
        .returning({ id: calls.id });
      if (attached) {
        await liveCalls.messageLeft(callId);
      }
      return video.size ?? 0;
    },

    /** "Record again": the message under way and its parts go. */
    async cancel(teamId: string, callId: string, videoId: string): Promise<void> {
      await messageOf(teamId, callId, videoId);
      await videoService.abort(teamId, videoId);
    },
  };
}
export type VisitorMessages = ReturnType<typeof createVisitorMessages>;
