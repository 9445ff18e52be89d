import type { CaptionCue } from '@parley/api';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls, captions } from '../db/schema';

/** The call's caption cues in time order; undefined when the call is not the team's. */
export async function listTeamCaptions(db: Db, teamId: string, callId: string): Promise<CaptionCue[] | undefined> {
  const [owner] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.teamId, teamId), eq(calls.id, callId)));
  if (!owner) {
    return undefined;
  }
  return db
    .select({ start: captions.startSeconds, end: captions.endSeconds, speaker: captions.speaker, text: captions.text })
    .from(captions)
    .where(and(eq(captions.teamId, teamId), eq(captions.callId, callId)))
    .orderBy(asc(captions.startSeconds), asc(captions.endSeconds), asc(captions.id));
}
