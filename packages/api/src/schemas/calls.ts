import * as z from 'zod/mini';
import { CALL_FILTER_MAX_SECONDS, CALL_SEARCH_MAX_LENGTH, MAX_BULK_DELETE, NOTE_MAX_LENGTH } from '../limits';
import { type Messages, type MessagesFor, messageIds } from '../messages';
import { idSchema, idSchemaWith, pageQuerySchema, pageSchema, requiredText, timestampSchema } from './common';
import { videoErrorCodeSchema, videoStatusSchema } from './videos';

/** SPEC §2.4: the call history's tabs. `missed`: nobody answered; `messages`: the visitor left a video message. */
export const CALL_TABS = ['all', 'missed', 'messages'] as const;
function callTabSchemaWith(messages: Messages) {
  return z.enum(CALL_TABS, { error: messages.callTabInvalid });
}
export const callTabSchema = /* @__PURE__ */ callTabSchemaWith(messageIds);
export type CallTab = z.infer<typeof callTabSchema>;

/** ARCHITECTURE §6: `none` (click to generate), `generating`, `ready`, `error`. */
export const RECORDING_STATUSES = ['none', 'generating', 'ready', 'error'] as const;
export const recordingStatusSchema = z.enum(RECORDING_STATUSES);
export type RecordingStatus = z.infer<typeof recordingStatusSchema>;

/**
 * Why a recording is in `error`, for the web to word (an admin is told the cause; a member is told
 * SPEC §8's message): the call has no raw media, ffmpeg is not installed, a media file is missing
 * from the store or cannot be read, ffmpeg could not join them, the tries ran out; `unknown` for a
 * reason this version does not know.
 */
export const RECORDING_ERROR_CODES = [
  'noMedia',
  'noFfmpeg',
  'missingFile',
  'unreadable',
  'joinFailed',
  'gaveUp',
  'unknown',
] as const;
export const recordingErrorCodeSchema = z.enum(RECORDING_ERROR_CODES);
export type RecordingErrorCode = z.infer<typeof recordingErrorCodeSchema>;

/**
 * Where a call's follow-up stands: `none` (nothing to do), `needed` (a member flagged it), `sent`
 * (a video message went to the caller, set by the server when one is sent for the call), `done`.
 */
export const FOLLOW_UP_STATES = ['none', 'needed', 'sent', 'done'] as const;
function followUpStateSchemaWith(messages: Messages) {
  return z.enum(FOLLOW_UP_STATES, { error: messages.followUpInvalid });
}
export const followUpStateSchema = /* @__PURE__ */ followUpStateSchemaWith(messageIds);
export type FollowUpState = z.infer<typeof followUpStateSchema>;

/**
 * The columns the call history sorts by (SPEC §2.4). Ties are broken by the serial number in the same
 * direction; a missed call has no duration and comes last whichever way Duration sorts.
 */
export const CALL_SORT_FIELDS = ['incomingAt', 'holdSeconds', 'durationSeconds'] as const;
function callSortFieldSchemaWith(messages: Messages) {
  return z.enum(CALL_SORT_FIELDS, { error: messages.callSortInvalid });
}
export const callSortFieldSchema = /* @__PURE__ */ callSortFieldSchemaWith(messageIds);
export type CallSortField = z.infer<typeof callSortFieldSchema>;
export const SORT_ORDERS = ['asc', 'desc'] as const;
function sortOrderSchemaWith(messages: Messages) {
  return z.enum(SORT_ORDERS, { error: messages.sortOrderInvalid });
}
export const sortOrderSchema = /* @__PURE__ */ sortOrderSchemaWith(messageIds);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** SPEC §2.4 "Notes": what saving a note says. */
export const NOTE_SAVING_MESSAGE = 'Record updating, Please wait...';
/** SPEC §8: what the Recording Status column says when a recording cannot be made. */
export const RECORDING_ERROR_MESSAGE = 'Recording cannot be generated ,Please contact admin';
/** SPEC §8: the delete confirmation. */
export const DELETE_CALL_CONFIRMATION = 'Do you want to delete current record?';

/** A yes/no filter as a query string carries it: `true` or `false`. */
const yesNoQuery = (message: string) =>
  z.pipe(
    z.enum(['true', 'false'], { error: message }),
    z.transform((value: 'true' | 'false') => value === 'true'),
  );

/** Whole seconds, 0 to CALL_FILTER_MAX_SECONDS, as a query string carries them. */
const secondsQuery = (messages: { notNumber: string; notWhole: string; negative: string; tooLarge: string }) =>
  z.coerce
    .number({ error: messages.notNumber })
    .check(
      z.int({ error: messages.notWhole }),
      z.minimum(0, { error: messages.negative }),
      z.maximum(CALL_FILTER_MAX_SECONDS, { error: messages.tooLarge }),
    );

const searchText = (messages: { notText: string; tooLong: string }) =>
  z.pipe(
    z.optional(
      z
        .string({ error: messages.notText })
        .check(z.trim(), z.maxLength(CALL_SEARCH_MAX_LENGTH, { error: messages.tooLong })),
    ),
    z.transform((value: string | undefined) => value || undefined),
  );

/**
 * `GET /api/calls`: every SPEC §2.4 filter. `from`/`to` bound the incoming time (both inclusive);
 * ranges are inclusive; a bound left out is open. A range whose start lies after its end is refused
 * (400, with the field named).
 */
export function callListQuerySchemaWith(messages: Messages) {
  const holdTime = secondsQuery({
    notNumber: messages.holdTimeNotNumber,
    notWhole: messages.holdTimeNotWhole,
    negative: messages.holdTimeNegative,
    tooLarge: messages.holdTimeTooLarge,
  });
  const callDuration = secondsQuery({
    notNumber: messages.callDurationNotNumber,
    notWhole: messages.callDurationNotWhole,
    negative: messages.callDurationNegative,
    tooLarge: messages.callDurationTooLarge,
  });
  return z
    .extend(pageQuerySchema, {
      tab: z._default(callTabSchemaWith(messages), 'all'),
      from: z.optional(z.iso.datetime({ offset: true, error: messages.startTimeInvalid })),
      to: z.optional(z.iso.datetime({ offset: true, error: messages.endTimeInvalid })),
      /** The member who took the call. */
      receivedBy: z.optional(idSchemaWith(messages)),
      answered: z.optional(yesNoQuery(messages.answeredNotYesNo)),
      messageLeft: z.optional(yesNoQuery(messages.messageLeftNotYesNo)),
      /** Contains, any case. */
      callerName: searchText({ notText: messages.callerNameNotText, tooLong: messages.callSearchTooLong }),
      /** Full-text: every word must appear (any case, any order); text without a letter or digit filters nothing. */
      transcript: searchText({ notText: messages.transcriptNotText, tooLong: messages.callSearchTooLong }),
      holdMin: z.optional(holdTime),
      holdMax: z.optional(holdTime),
      durationMin: z.optional(callDuration),
      durationMax: z.optional(callDuration),
      sort: z._default(callSortFieldSchemaWith(messages), 'incomingAt'),
      order: z._default(sortOrderSchemaWith(messages), 'desc'),
    })
    .check(
      z.superRefine((query, context) => {
        if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
          context.addIssue({ code: 'custom', path: ['to'], message: messages.endBeforeStart });
        }
        if (query.holdMin !== undefined && query.holdMax !== undefined && query.holdMin > query.holdMax) {
          context.addIssue({ code: 'custom', path: ['holdMax'], message: messages.maximumBelowMinimum });
        }
        if (
          query.durationMin !== undefined &&
          query.durationMax !== undefined &&
          query.durationMin > query.durationMax
        ) {
          context.addIssue({ code: 'custom', path: ['durationMax'], message: messages.maximumBelowMinimum });
        }
      }),
    );
}
export const callListQuerySchema = /* @__PURE__ */ callListQuerySchemaWith(messageIds);
/** What the client sends (numbers and booleans may be given as such). */
export type CallListQuery = {
  current?: number;
  pageSize?: number;
  tab?: CallTab;
  from?: string;
  to?: string;
  receivedBy?: string;
  answered?: boolean;
  messageLeft?: boolean;
  callerName?: string;
  transcript?: string;
  holdMin?: number;
  holdMax?: number;
  durationMin?: number;
  durationMax?: number;
  sort?: CallSortField;
  order?: SortOrder;
};
export type ParsedCallListQuery = z.output<typeof callListQuerySchema>;

/** A member as a call or note names them. */
export const memberRefSchema = z.object({ id: idSchema, name: z.string() });
export type MemberRef = z.infer<typeof memberRefSchema>;

/** The video message a visitor left after a missed call. */
export const leftMessageSchema = z.object({
  videoId: idSchema,
  /** Where the video stands: still `uploading`, `processing` (already playable), `ready`, or `error`. */
  status: videoStatusSchema,
  /** Why the video is in `error` (null otherwise), for the web to word. */
  errorCode: z.nullable(videoErrorCodeSchema),
  /** A signed address (see `Video.playbackUrl`); null until the whole file is stored. */
  playbackUrl: z.nullable(z.string()),
  posterUrl: z.nullable(z.string()),
  durationSeconds: z.nullable(z.number()),
});
export type LeftMessage = z.infer<typeof leftMessageSchema>;

/** A call as the call history lists it (SPEC §3 "Call record"). */
export const callSchema = z.object({
  id: idSchema,
  /** SR No: 1, 2, 3… per team, in the order calls came in. */
  serialNumber: z.int().check(z.positive()),
  incomingAt: timestampSchema,
  /** The visitor's public id. */
  playerId: z.string(),
  callerName: z.string(),
  /** The caller's phone number (E.164) or other contact, if given. */
  callerContact: z.nullable(z.string()),
  /** callerContact written for reading: a phone number grouped as its country writes it (+44 20 7946 0634). */
  callerContactDisplay: z.nullable(z.string()),
  callerEmail: z.nullable(z.string()),
  /** Null for a missed call. */
  receivedBy: z.nullable(memberRefSchema),
  receivedAt: z.nullable(timestampSchema),
  /** Seconds from incoming until answered, or until the visitor gave up. */
  holdSeconds: z.int().check(z.minimum(0)),
  /** Seconds from answered to ended; null for a missed call. */
  durationSeconds: z.nullable(z.int().check(z.minimum(0))),
  endedAt: z.nullable(timestampSchema),
  answered: z.boolean(),
  message: z.nullable(leftMessageSchema),
  recordingStatus: recordingStatusSchema,
  /** A signed address of the generated recording, when `recordingStatus` is `ready`. */
  recordingUrl: z.nullable(z.string()),
  /** Why the recording could not be made, when `recordingStatus` is `error`; null otherwise. */
  recordingError: z.nullable(recordingErrorCodeSchema),
  /** Whether the call has caption cues. */
  hasCaptions: z.boolean(),
  notesCount: z.int().check(z.minimum(0)),
  followUp: followUpStateSchema,
  /** The contact book's entry for the caller (by e-mail, else phone), if there is one (issue 17). */
  contactId: z.nullable(idSchema),
});
export type Call = z.infer<typeof callSchema>;

/** A text search counts its matches exactly up to this many; beyond, `totalCapped` says there are more. */
export const CALL_TEXT_COUNT_LIMIT = 10_000;

/**
 * A page of calls and the total. A caller-name or transcript search that matches more than
 * {@link CALL_TEXT_COUNT_LIMIT} calls answers that many with `totalCapped: true` ("10,000+", as search
 * engines do): counting every match of a broad search is the slow part. Every page still answers.
 */
export const callListSchema = z.extend(pageSchema(callSchema), { totalCapped: z.optional(z.literal(true)) });
export type CallList = z.infer<typeof callListSchema>;

/** `GET /api/calls/:id`: the call with its transcript. */
export const callDetailSchema = z.extend(callSchema, { transcript: z.nullable(z.string()) });
export type CallDetail = z.infer<typeof callDetailSchema>;
export const callResponseSchema = z.object({ success: z.literal(true), data: callDetailSchema });
export type CallResponse = z.infer<typeof callResponseSchema>;

/** `PATCH /api/calls/:id`: the follow-up state. */
export function updateCallRequestSchemaWith(messages: Messages) {
  return z.object({ followUp: followUpStateSchemaWith(messages) });
}
export const updateCallRequestSchema = /* @__PURE__ */ updateCallRequestSchemaWith(messageIds);
export type UpdateCallRequest = z.input<typeof updateCallRequestSchema>;

/**
 * `DELETE /api/calls?ids=a,b`: bulk delete (ARCHITECTURE §7: with the bearer token). Ids of other
 * teams or already gone are skipped; `deleted` counts what went.
 */
export function bulkDeleteCallsQuerySchemaWith(messages: Messages) {
  return z.object({
    ids: z.pipe(
      z.pipe(
        z.string({ error: messages.idsRequired }),
        z.transform((value: string) =>
          value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ),
      z
        .array(idSchemaWith(messages))
        .check(
          z.minLength(1, { error: messages.idsRequired }),
          z.maxLength(MAX_BULK_DELETE, { error: messages.idsTooMany }),
        ),
    ),
  });
}
export const bulkDeleteCallsQuerySchema = /* @__PURE__ */ bulkDeleteCallsQuerySchemaWith(messageIds);
export const bulkDeleteCallsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ deleted: z.int().check(z.minimum(0)) }),
});
export type BulkDeleteCallsResponse = z.infer<typeof bulkDeleteCallsResponseSchema>;

/** SPEC §2.4 notes table: Date, Message, Entered by, Action. The author and date are the server's. */
export const noteSchema = z.object({
  id: idSchema,
  callId: idSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  message: z.string(),
  enteredBy: memberRefSchema,
  /** The author may edit and delete a note; an admin may delete any. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;
/** `GET /api/calls/:id/notes`: oldest first. */
export const noteListSchema = pageSchema(noteSchema);
export const noteResponseSchema = z.object({ success: z.literal(true), data: noteSchema });
export function noteRequestSchemaWith(messages: MessagesFor<'noteRequired' | 'noteTooLong'>) {
  return z.object({
    message: requiredText({ required: messages.noteRequired, tooLong: messages.noteTooLong }, NOTE_MAX_LENGTH),
  });
}
export const noteRequestSchema = /* @__PURE__ */ noteRequestSchemaWith(messageIds);
export type NoteRequest = z.input<typeof noteRequestSchema>;
export const noteParamsSchema = z.object({ id: idSchema, noteId: idSchema });

/**
 * `POST /api/calls/:id/recording`: starts making one playable video of the call's raw media (202),
 * from `none`, or again after an `error` (Retry); asking while it is generating or ready changes
 * nothing (200), so two clicks or two tabs start one job. The new status comes over the WebSocket
 * (`call` messages).
 */
export const recordingResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    recordingStatus: recordingStatusSchema,
    recordingUrl: z.nullable(z.string()),
    recordingError: z.nullable(recordingErrorCodeSchema),
  }),
});
export type RecordingResponse = z.infer<typeof recordingResponseSchema>;

/** One timed caption cue; times are seconds from the start of the recording. */
export const captionCueSchema = z.object({
  start: z.number().check(z.minimum(0)),
  end: z.number().check(z.minimum(0)),
  /** Who spoke: the caller's or the member's name. */
  speaker: z.string(),
  text: z.string(),
});
export type CaptionCue = z.infer<typeof captionCueSchema>;
/** `GET /api/calls/:id/captions`: the cues in time order. `GET /api/calls/:id/captions.vtt` is the same as WebVTT. */
export const captionListSchema = z.object({ list: z.array(captionCueSchema), total: z.int().check(z.minimum(0)) });
export type CaptionList = z.infer<typeof captionListSchema>;

/** What the WebSocket says when a call's recording status changes (`{ type: 'call', call }`). */
export const callEventSchema = z.object({
  id: idSchema,
  recordingStatus: recordingStatusSchema,
  recordingUrl: z.nullable(z.string()),
  /** Why it failed, when `recordingStatus` is `error`; null otherwise. */
  recordingError: z.nullable(recordingErrorCodeSchema),
});
export type CallEvent = z.infer<typeof callEventSchema>;
