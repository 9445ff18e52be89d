import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callMedia, calls } from '../db/schema';
import type { JobQueue } from '../lib/job-runner';

type CallTableRow = typeof calls.$inferSelect;
export type CallMediaRow = typeof callMedia.$inferSelect;
/** What the recording state of a call is made of. */
export type RecordingRow = Pick<
  CallTableRow,
  'id' | 'teamId' | 'recordingStatus' | 'recordingKey' | 'recordingContentType' | 'recordingError' | 'liveState'
>;
/** A call a worker holds: its attempt count is the claim's fencing token. */
export type ClaimedRecording = RecordingRow & { attempts: number };

const recordingColumns = {
  id: calls.id,
  teamId: calls.teamId,
  recordingStatus: calls.recordingStatus,
  recordingKey: calls.recordingKey,
  recordingContentType: calls.recordingContentType,
  recordingError: calls.recordingError,
  liveState: calls.liveState,
};

/** The call's recording state, for the team's members only. */
export async function findTeamRecording(db: Db, teamId: string, callId: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select(recordingColumns)
    .from(calls)
    .where(and(eq(calls.teamId, teamId), eq(calls.id, callId)));
  return row;
}

/** The call's recording state by id alone (the signed file address has already been checked). */
export async function findRecordingById(db: Db, callId: string): Promise<RecordingRow | undefined> {
  const [row] = await db.select(recordingColumns).from(calls).where(eq(calls.id, callId));
  return row;
}

/** `none` or `error` → `generating` for the one request that asks first, once the call is over; anything else stays. */
export async function startGenerating(db: Db, teamId: string, callId: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ recordingStatus: 'generating', recordingError: null, recordingLeaseUntil: null, recordingAttempts: 0 })
    .where(
      and(
        eq(calls.teamId, teamId),
        eq(calls.id, callId),
        inArray(calls.recordingStatus, ['none', 'error'] as const),
        // A call still ringing or running has its sides' recordings still coming.
        isNull(calls.liveState),
      ),
    )
    .returning(recordingColumns);
  return row;
}

/**
 * Calls waiting for their recording (or whose job died: its lease ran out), each taken by one
 * worker of one instance: `FOR UPDATE SKIP LOCKED` and the new lease in the same statement.
 */
export async function claimRecordings(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedRecording[]> {
  const due = db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.recordingStatus, 'generating'),
        or(isNull(calls.recordingLeaseUntil), lt(calls.recordingLeaseUntil, sql`now()`)),
      ),
    )
    .orderBy(calls.recordingLeaseUntil)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(calls)
    .set({
      recordingLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      recordingAttempts: sql`${calls.recordingAttempts} + 1`,
    })
    .where(inArray(calls.id, due))
    .returning({ ...recordingColumns, attempts: calls.recordingAttempts });
}

/** The call is still generating and still held by this claim. */
function stillHeld(claim: ClaimedRecording) {
  return and(
    eq(calls.id, claim.id),
    eq(calls.recordingStatus, 'generating'),
    eq(calls.recordingAttempts, claim.attempts),
  );
}

/** Ends a job (`ready` or `error`), only while the claim holds; the lease goes. */
export async function finishRecording(
  db: Db,
  claim: ClaimedRecording,
  values: Partial<Pick<CallTableRow, 'recordingStatus' | 'recordingKey' | 'recordingContentType' | 'recordingError'>>,
): Promise<RecordingRow | undefined> {
  const [row] = await db
    .update(calls)
    .set({ ...values, recordingLeaseUntil: null })
    .where(stillHeld(claim))
    .returning(recordingColumns);
  return row;
}

/** The recording jobs' queue: the `recording_*` columns of `calls`, fenced by the attempt count. */
export function recordingQueue(db: Db): JobQueue<ClaimedRecording> {
  return {
    claim: (limit, leaseSeconds) => claimRecordings(db, limit, leaseSeconds),
    async renew(claim, leaseSeconds) {
      const rows = await db
        .update(calls)
        .set({ recordingLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(stillHeld(claim))
        .returning({ id: calls.id });
      return rows.length > 0;
    },
    async retry(claim, delaySeconds) {
      await db
        .update(calls)
        .set({ recordingLeaseUntil: sql`now() + make_interval(secs => ${delaySeconds})` })
        .where(stillHeld(claim));
    },
    async release(claim) {
      await db
        .update(calls)
        .set({ recordingLeaseUntil: null, recordingAttempts: sql`${calls.recordingAttempts} - 1` })
        .where(stillHeld(claim));
    },
  };
}

/** The call's raw media files that are whole (no upload still open), in the order they join the call. */
export async function listCallMedia(db: Db, teamId: string, callId: string): Promise<CallMediaRow[]> {
  return db
    .select()
    .from(callMedia)
    .where(and(eq(callMedia.teamId, teamId), eq(callMedia.callId, callId), isNull(callMedia.uploadId)))
    .orderBy(asc(callMedia.offsetSeconds), asc(callMedia.createdAt));
}
