import type { FollowUpState } from '@parley/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callMedia, calls, captions, notes, users, videos } from '../db/schema';
import { callContactIdSql } from './contacts';

export type CallTableRow = typeof calls.$inferSelect;

/** The message video as a call row carries it. */
export interface MessageVideoRow {
  id: string;
  status: 'uploading' | 'processing' | 'ready' | 'error';
  contentType: 'video/mp4' | 'video/webm';
  size: number | null;
  storageKey: string;
  posterKey: string | null;
  durationSeconds: number | null;
  /** Why it is in `error`, in English (see `videoErrorCode`). */
  errorMessage: string | null;
}

/** A call with what its list row shows: who took it, the message video, notes and captions. */
export interface CallRow {
  call: Omit<
    CallTableRow,
    | 'transcriptSearch'
    | 'transcript'
    | 'liveState'
    | 'ringsUntil'
    | 'menuItem'
    | 'callerSocket'
    | 'callerLeftAt'
    | 'memberLeftAt'
  > & {
    transcript?: string | null;
  };
  receivedByName: string | null;
  message: MessageVideoRow | null;
  notesCount: number;
  hasCaptions: boolean;
  /** The contact book's entry for the caller, by e-mail or phone (issue 17). */
  contactId: string | null;
}

const listColumns = {
  id: calls.id,
  teamId: calls.teamId,
  serialNumber: calls.serialNumber,
  incomingAt: calls.incomingAt,
  playerId: calls.playerId,
  callerName: calls.callerName,
  callerContact: calls.callerContact,
  callerEmail: calls.callerEmail,
  receivedBy: calls.receivedBy,
  receivedAt: calls.receivedAt,
  endedAt: calls.endedAt,
  holdSeconds: calls.holdSeconds,
  durationSeconds: calls.durationSeconds,
  messageVideoId: calls.messageVideoId,
  answered: calls.answered,
  messageLeft: calls.messageLeft,
  recordingStatus: calls.recordingStatus,
  recordingKey: calls.recordingKey,
  recordingContentType: calls.recordingContentType,
  recordingError: calls.recordingError,
  recordingLeaseUntil: calls.recordingLeaseUntil,
  recordingAttempts: calls.recordingAttempts,
  followUp: calls.followUp,
  createdAt: calls.createdAt,
};

/** The columns of a list row (`SelectedRow`), for statements that select more beside them. */
export const rowColumns = {
  call: listColumns,
  receivedByName: users.name,
  message: {
    id: videos.id,
    status: videos.status,
    contentType: videos.contentType,
    size: videos.size,
    storageKey: videos.storageKey,
    posterKey: videos.posterKey,
    durationSeconds: videos.durationSeconds,
    errorMessage: videos.errorMessage,
  },
  notesCount: sql<number>`(select count(*)::integer from ${notes} where ${notes.callId} = ${calls.id})`,
  hasCaptions: sql<boolean>`exists (select 1 from ${captions} where ${captions.callId} = ${calls.id})`,
  contactId: callContactIdSql,
};

/** A call row as the database answers it (the message video's columns all null without one). */
export type SelectedRow = {
  call: CallRow['call'];
  receivedByName: string | null;
  message: { [Key in keyof MessageVideoRow]: MessageVideoRow[Key] | null } | null;
  notesCount: number;
  hasCaptions: boolean;
  contactId: string | null;
};

/** The row with its message video, or null, and its counts as numbers. */
export function toRow(selected: SelectedRow): CallRow {
  const message = selected.message?.id ? (selected.message as MessageVideoRow) : null;
  return {
    call: selected.call,
    receivedByName: selected.receivedByName,
    message,
    notesCount: Number(selected.notesCount),
    hasCaptions: Boolean(selected.hasCaptions),
    contactId: selected.contactId ?? null,
  };
}

/** Selects call rows with their list-row extras; the caller adds the conditions and order. */
export function selectRows(db: Db, withTranscript: boolean) {
  return db
    .select(withTranscript ? { ...rowColumns, call: { ...listColumns, transcript: calls.transcript } } : rowColumns)
    .from(calls)
    .leftJoin(users, eq(users.id, calls.receivedBy))
    .leftJoin(videos, eq(videos.id, calls.messageVideoId));
}

/** A call of the team with its list-row extras (and the transcript); another team's answers nothing. */
export async function getCallForTeam(db: Db, teamId: string, id: string): Promise<CallRow | undefined> {
  const [row] = await selectRows(db, true).where(and(eq(calls.teamId, teamId), eq(calls.id, id)));
  return row && toRow(row as SelectedRow);
}

export async function setFollowUp(db: Db, teamId: string, id: string, followUp: FollowUpState): Promise<boolean> {
  const rows = await db
    .update(calls)
    .set({ followUp })
    .where(and(eq(calls.teamId, teamId), eq(calls.id, id)))
    .returning({ id: calls.id });
  return rows.length > 0;
}

/** The stored files a deleted call leaves behind: its recording and its raw media. */
export interface RemovedCall {
  id: string;
  keys: string[];
}

/**
 * Deletes the team's calls among `ids` (another team's are left alone) with their notes, captions and
 * media rows; answers what went and the files to remove from the store.
 */
export async function deleteTeamCalls(db: Db, teamId: string, ids: readonly string[]): Promise<RemovedCall[]> {
  if (ids.length === 0) {
    return [];
  }
  return db.transaction(async (transaction) => {
    const media = await transaction
      .select({ callId: callMedia.callId, key: callMedia.storageKey })
      .from(callMedia)
      .where(and(eq(callMedia.teamId, teamId), inArray(callMedia.callId, [...ids])));
    const removed = await transaction
      .delete(calls)
      .where(and(eq(calls.teamId, teamId), inArray(calls.id, [...ids])))
      .returning({ id: calls.id, recordingKey: calls.recordingKey });
    return removed.map((call) => ({
      id: call.id,
      keys: [
        ...(call.recordingKey ? [call.recordingKey] : []),
        ...media.filter((item) => item.callId === call.id).map((item) => item.key),
      ],
    }));
  });
}
