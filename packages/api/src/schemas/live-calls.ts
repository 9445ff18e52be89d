import * as z from 'zod/mini';
import { CALLER_NAME_MAX_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import { phoneSchemaWith } from './auth';
import { dataSchema, type EmailMessages, emailSchemaWith, idSchema, timestampSchema } from './common';
import { VISITOR_MENU_ITEMS, visitorSessionRequestSchema } from './visitor';

/**
 * Where a live call stands (issue 16). `ringing` until a member answers, the visitor hangs up or
 * the ring time runs out (`missed`); `connected` until either side hangs up (`ended`).
 */
export const LIVE_CALL_STATES = ['ringing', 'connected', 'ended', 'missed'] as const;
export type LiveCallState = (typeof LIVE_CALL_STATES)[number];

/** How long a call rings before it counts as missed, unless the server's `CALL_RING_SECONDS` says otherwise. */
export const DEFAULT_CALL_RING_SECONDS = 60;

/** Optional text a visitor may leave empty: blanks alone count as empty (null). */
function optional(schema: z.ZodMiniType<string, string>) {
  return z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string())),
      z.transform((value: string | null | undefined) => value?.trim() || null),
    ),
    z.nullable(schema),
  );
}

export type CallerMessages = EmailMessages & MessagesFor<'phoneInvalid' | 'callerNameTooLong'>;

/** What a visitor tells about themselves before calling: each optional (SPEC §5's messages when wrong). */
export function callerFieldsWith(messages: CallerMessages) {
  return {
    name: optional(z.string().check(z.maxLength(CALLER_NAME_MAX_LENGTH, { error: messages.callerNameTooLong }))),
    email: optional(emailSchemaWith(messages)),
    phone: optional(phoneSchemaWith(messages)),
  };
}

/** `POST /api/visitor/calls`: the widget's frame calls the team for the visitor. */
export function startVisitorCallRequestSchemaWith(messages: CallerMessages) {
  return z.object({
    ...visitorSessionRequestSchema.shape,
    menuItem: z.enum(VISITOR_MENU_ITEMS),
    ...callerFieldsWith(messages),
  });
}
export const startVisitorCallRequestSchema = /* @__PURE__ */ startVisitorCallRequestSchemaWith(messageIds);
export type StartVisitorCallRequest = z.input<typeof startVisitorCallRequestSchema>;

/** What the visitor sees of their own call, live: their place in line and who answered. */
export const visitorCallSchema = z.object({
  id: idSchema,
  state: z.enum(LIVE_CALL_STATES),
  /** 1 for the next call a member answers; null unless ringing. */
  position: z.nullable(z.int().check(z.minimum(1))),
  /** From the team's recent hold times; null when the team has none yet, or not ringing. */
  estimatedWaitSeconds: z.nullable(z.int().check(z.minimum(0))),
  /** When the call stops ringing unanswered. */
  ringsUntil: timestampSchema,
  /** The member who answered. */
  memberName: z.nullable(z.string()),
});
export type VisitorCall = z.infer<typeof visitorCallSchema>;

/**
 * The answer to `POST /api/visitor/calls`: the call, and a token good for this call only (the
 * socket, hanging up), short-lived.
 */
export const startVisitorCallResponseSchema = dataSchema(z.object({ call: visitorCallSchema, token: z.string() }));
export type StartVisitorCallResponse = z.infer<typeof startVisitorCallResponseSchema>;
/** `POST /api/visitor/calls/:id/hang-up`: the call as it stands after. */
export const visitorCallResponseSchema = dataSchema(visitorCallSchema);

/** A live call as the team's members see it: the ring card, and who took it. */
export const liveCallSchema = z.object({
  id: idSchema,
  serialNumber: z.int(),
  state: z.enum(LIVE_CALL_STATES),
  menuItem: z.nullable(z.enum(VISITOR_MENU_ITEMS)),
  callerName: z.string(),
  callerEmail: z.nullable(z.string()),
  callerContact: z.nullable(z.string()),
  incomingAt: timestampSchema,
  ringsUntil: timestampSchema,
  receivedBy: z.nullable(z.object({ id: idSchema, name: z.string() })),
  receivedAt: z.nullable(timestampSchema),
  endedAt: z.nullable(timestampSchema),
});
export type LiveCall = z.infer<typeof liveCallSchema>;

/**
 * `GET /api/calls/live`: the team's ringing and connected calls, oldest first, and those of them
 * the asking member declined (their ring stops there; the others' goes on).
 */
export const liveCallListResponseSchema = dataSchema(
  z.object({ calls: z.array(liveCallSchema), declined: z.array(idSchema) }),
);
export type LiveCallList = z.infer<typeof liveCallListResponseSchema>['data'];
/** `POST /api/calls/:id/answer`, `…/decline`, `…/hang-up`: the call as it is now. */
export const liveCallResponseSchema = dataSchema(liveCallSchema);

/** One of a caller's earlier calls, as the member taking their call sees it. */
export const earlierCallSchema = z.object({
  id: idSchema,
  serialNumber: z.int(),
  incomingAt: timestampSchema,
  answered: z.boolean(),
  /** Who took it; null for a missed call (or a member since deleted). */
  receivedByName: z.nullable(z.string()),
  durationSeconds: z.nullable(z.int()),
  messageLeft: z.boolean(),
});
export type EarlierCall = z.infer<typeof earlierCallSchema>;

/** How many earlier calls the member's call card lists. */
export const EARLIER_CALLS_SHOWN = 5;

/** `GET /api/calls/:id/earlier`: the same caller's latest earlier calls (by e-mail or phone), newest first. */
export const earlierCallsResponseSchema = dataSchema(z.array(earlierCallSchema));

/** One entry of RTCPeerConnection's `iceServers`: STUN, or TURN with its (short-lived) credentials. */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * `GET /api/ice-servers` (a member) and `GET /api/visitor/calls/:id/ice-servers` (the call's
 * visitor): the ICE servers for a call; TURN credentials expire after `ttlSeconds`.
 */
export const iceServersResponseSchema = dataSchema(
  z.object({ iceServers: z.array(iceServerSchema), ttlSeconds: z.int().check(z.minimum(0)) }),
);
export type IceServers = z.infer<typeof iceServersResponseSchema>['data'];

/** The longest session description a browser may send (an offer with audio and video is about 5 KB). */
export const SIGNAL_SDP_MAX_LENGTH = 20_000;
/** The longest ICE candidate line. */
export const SIGNAL_CANDIDATE_MAX_LENGTH = 1000;

/**
 * What one side of a call sends the other to connect them (WebRTC signalling, issue 16): a session
 * description (offer or answer, ICE restarts included), an ICE candidate, or `hello`: the member's
 * side (re)opened (their tab reloaded mid-call), so the visitor starts a new connection to it.
 */
export const signalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hello') }),
  z.object({
    kind: z.literal('description'),
    description: z.object({
      type: z.enum(['offer', 'answer']),
      sdp: z.string().check(z.minLength(1), z.maxLength(SIGNAL_SDP_MAX_LENGTH)),
    }),
  }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.object({
      candidate: z.string().check(z.maxLength(SIGNAL_CANDIDATE_MAX_LENGTH)),
      sdpMid: z.nullable(z.optional(z.string().check(z.maxLength(64)))),
      sdpMLineIndex: z.nullable(z.optional(z.int().check(z.minimum(0), z.maximum(64)))),
      usernameFragment: z.nullable(z.optional(z.string().check(z.maxLength(256)))),
    }),
  }),
]);
export type Signal = z.infer<typeof signalSchema>;

/** A socket's signal for the other side of a call it is in: the member who took it, or its visitor. */
export const signalMessageSchema = z.object({ type: z.literal('signal'), callId: idSchema, signal: signalSchema });
export type SignalMessage = z.infer<typeof signalMessageSchema>;

/**
 * A side's recording of its own camera and microphone, sent while the call runs (issue 16):
 * `POST /api/calls/:id/media` (the member who took it) or `POST /api/visitor/calls/:id/media` (its
 * visitor), with what MediaRecorder records (WebM or MP4, codecs allowed).
 */
export const callMediaRequestSchema = z.object({
  contentType: z
    .string({ error: messageIds.contentTypeRequired })
    .check(
      z.maxLength(255, { error: messageIds.contentTypeInvalid }),
      z.regex(/^(video|audio)\/(webm|mp4)\s*(;.*)?$/i, { error: messageIds.contentTypeInvalid }),
    ),
});
export type CallMediaRequest = z.input<typeof callMediaRequestSchema>;

/**
 * The side's open upload: it sends a part every few seconds (each but the last at least
 * `minPartBytes`, none over `maxPartBytes`), through the pre-signed addresses of `…/media/:mediaId/parts`,
 * and closes it with `…/media/:mediaId/complete` when the call ends.
 */
export const callMediaUploadResponseSchema = dataSchema(
  z.object({ id: idSchema, minPartBytes: z.int(), maxPartBytes: z.int(), maxParts: z.int() }),
);
export type CallMediaUpload = z.infer<typeof callMediaUploadResponseSchema>['data'];

/** The call and one of its recordings. */
export const callMediaParamsSchema = z.object({ id: idSchema, mediaId: idSchema });

/** A closed recording: the bytes that arrived whole (0 when none did, and the recording is dropped). */
export const callMediaCompleteResponseSchema = dataSchema(z.object({ id: idSchema, bytes: z.int() }));

/** The longest video message a visitor may leave after a missed call (3 minutes). */
export const VISITOR_MESSAGE_MAX_SECONDS = 180;
