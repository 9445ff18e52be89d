import { SEARCH_RESULT_LIMIT, type SearchResult } from '@parley/api';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls, videos } from '../db/schema';

/** `%`, `_` and `\` typed in the search are searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The header search: the team's newest calls whose caller name, e-mail, phone (or other contact)
 * or player id contains the text, and its newest library videos whose title does; any case, at
 * most {@link SEARCH_RESULT_LIMIT} of each.
 */
export async function searchTeam(db: Db, teamId: string, text: string): Promise<SearchResult> {
  const pattern = likePattern(text);
  const [foundCalls, foundVideos] = await Promise.all([
    db
      .select({
        id: calls.id,
        serialNumber: calls.serialNumber,
        incomingAt: calls.incomingAt,
        playerId: calls.playerId,
        callerName: calls.callerName,
        callerContact: calls.callerContact,
        callerEmail: calls.callerEmail,
      })
      .from(calls)
      .where(
        and(
          eq(calls.teamId, teamId),
          or(
            ilike(calls.callerName, pattern),
            ilike(calls.callerEmail, pattern),
            ilike(calls.callerContact, pattern),
            ilike(calls.playerId, pattern),
          ),
        ),
      )
      .orderBy(desc(calls.incomingAt), desc(calls.id))
      .limit(SEARCH_RESULT_LIMIT),
    db
      .select({ id: videos.id, title: videos.title, createdAt: videos.createdAt })
      .from(videos)
      .where(and(eq(videos.teamId, teamId), eq(videos.kind, 'library'), ilike(videos.title, pattern)))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(SEARCH_RESULT_LIMIT),
  ]);
  return {
    calls: foundCalls.map((call) => ({ ...call, incomingAt: call.incomingAt.toISOString() })),
    videos: foundVideos.map((video) => ({ ...video, createdAt: video.createdAt.toISOString() })),
  };
}
