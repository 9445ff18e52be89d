import * as z from 'zod/mini';
import { dataSchema, idSchema } from './common';

/**
 * A member's availability (issue 16): what they chose in the header's menu, and what the team
 * sees. A member who chose Available or Away but has no Parley tab open is Offline.
 */
export const AVAILABILITIES = ['available', 'away', 'offline'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** `PUT /api/currentUser/availability`: the member's own choice, kept across tabs and devices. */
export const setAvailabilitySchema = z.object({ availability: z.enum(AVAILABILITIES) });
export type SetAvailability = z.infer<typeof setAvailabilitySchema>;

/** One member's availability as the team sees it, and what they chose. */
export const memberPresenceSchema = z.object({
  userId: idSchema,
  /** What the team sees: the choice while a tab is open, else `offline`. */
  availability: z.enum(AVAILABILITIES),
  /** What the member chose; it stays when their last tab closes. */
  chosen: z.enum(AVAILABILITIES),
});
export type MemberPresence = z.infer<typeof memberPresenceSchema>;
export const memberPresenceResponseSchema = dataSchema(memberPresenceSchema);

/** `GET /api/presence`: every member of the team (removed ones aside). */
export const presenceListResponseSchema = dataSchema(z.array(memberPresenceSchema));
