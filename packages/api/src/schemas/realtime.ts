import * as z from 'zod/mini';
import { callEventSchema } from './calls';
import { idSchema } from './common';
import { liveCallSchema, signalMessageSchema, visitorCallSchema } from './live-calls';
import { noticeSchema } from './notices';
import { memberPresenceSchema } from './presence';
import { videoSchema } from './videos';

/** The WebSocket at `/ws`: the first message a tab sends, within 10 seconds, carries its token. */
export const realtimeAuthMessageSchema = z.object({
  type: z.literal('auth'),
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
});
export type RealtimeAuthMessage = z.infer<typeof realtimeAuthMessageSchema>;

/** Close codes of the socket: the token was refused, or none came in time. */
export const REALTIME_CLOSE = { unauthorized: 4401, authTimeout: 4408 } as const;
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/** What the server sends down the socket. */
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('notice'), notice: noticeSchema }),
  /** A video of the member's team changed status (uploaded, processed, failed) or was renamed. */
  z.object({ type: z.literal('video'), video: videoSchema }),
  /** A call's recording status changed (generating, ready, error). */
  z.object({ type: z.literal('call'), call: callEventSchema }),
  /** A member of the team became available, away or offline (a tab opened or closed, a choice). */
  z.object({ type: z.literal('presence'), presence: memberPresenceSchema }),
  /** A live call of the team rang, was answered, declined by all, missed or ended (issue 16). */
  z.object({ type: z.literal('live'), call: liveCallSchema }),
  /** The member declined a ringing call (in this tab or another): its ring stops for them. */
  z.object({ type: z.literal('declined'), callId: idSchema }),
  /** To a visitor's socket: their own call as it stands now (place in line, answered, ended). */
  z.object({ type: z.literal('visitorCall'), call: visitorCallSchema }),
  /** From the other side of a call this socket is in: an offer, answer or ICE candidate. */
  signalMessageSchema,
  z.object({ type: z.literal('error'), errorCode: z.string(), errorMessage: z.string() }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
