import * as z from 'zod/mini';
import { CALL_SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import { callSchema } from './calls';
import { idSchema, timestampSchema } from './common';

/**
 * `GET /api/search?q=`: the header search. `q` is trimmed and must keep at least
 * {@link SEARCH_MIN_LENGTH} characters (a single letter would match nearly everything).
 */
export function searchQuerySchemaWith(
  messages: MessagesFor<'searchRequired' | 'searchTooShort' | 'callSearchTooLong'>,
) {
  return z.object({
    q: z
      .string({ error: messages.searchRequired })
      .check(
        z.trim(),
        z.minLength(SEARCH_MIN_LENGTH, { error: messages.searchTooShort }),
        z.maxLength(CALL_SEARCH_MAX_LENGTH, { error: messages.callSearchTooLong }),
      ),
  });
}
export const searchQuerySchema = /* @__PURE__ */ searchQuerySchemaWith(messageIds);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A call the search found: enough to name it in the list and open it in the call history. */
export const searchCallSchema = /* @__PURE__ */ z.pick(callSchema, {
  id: true,
  serialNumber: true,
  incomingAt: true,
  playerId: true,
  callerName: true,
  callerContact: true,
  callerEmail: true,
});
export type SearchCall = z.infer<typeof searchCallSchema>;

/** A library video the search found by its title. */
export const searchVideoSchema = z.object({ id: idSchema, title: z.string(), createdAt: timestampSchema });
export type SearchVideo = z.infer<typeof searchVideoSchema>;

/**
 * The team's newest calls whose caller name, e-mail, phone or player id contains the text, and its
 * newest library videos whose title does (any case; at most `SEARCH_RESULT_LIMIT` of each).
 */
export const searchResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ calls: z.array(searchCallSchema), videos: z.array(searchVideoSchema) }),
});
export type SearchResult = z.infer<typeof searchResultSchema>['data'];
