import * as z from 'zod/mini';
import { idSchema, pageQuerySchema, pageSchema, requiredText, timestampSchema } from './common';

/** SPEC §2.4: the call history's tabs. `missed`: nobody answered; `messages`: the visitor left a video message. */
export const CALL_TABS = ['all', 'missed', 'messages'] as const;
export const callTabSchema = z.enum(CALL_TABS, { error: 'Choose all, missed or messages.' });
export type CallTab = z.infer<typeof callTabSchema>;

/** ARCHITECTURE §6: `none` (click to generate), `generating`, `ready`, `error`. */
export const RECORDING_STATUSES = ['none', 'generating', 'ready', 'error'] as const;
export const recordingStatusSchema = z.enum(RECORDING_STATUSES);
export type RecordingStatus = z.infer<typeof recordingStatusSchema>;

/**
 * Where a call's follow-up stands: `none` (nothing to do), `needed` (a member flagged it), `sent`
 * (a video message went to the caller, set by the server when one is sent for the call), `done`.
 */
export const FOLLOW_UP_STATES = ['none', 'needed', 'sent', 'done'] as const;
export const followUpStateSchema = z.enum(FOLLOW_UP_STATES, { error: 'Choose none, needed, sent or done.' });
export type FollowUpState = z.infer<typeof followUpStateSchema>;

/**
 * The columns the call history sorts by (SPEC §2.4). Ties are broken by the serial number in the same
 * direction; a missed call has no duration and sorts as the shortest (first ascending, last descending).
 */
export const CALL_SORT_FIELDS = ['incomingAt', 'holdSeconds', 'durationSeconds'] as const;
export const callSortFieldSchema = z.enum(CALL_SORT_FIELDS, {
  error: 'Sort by incomingAt, holdSeconds or durationSeconds.',
});
export type CallSortField = z.infer<typeof callSortFieldSchema>;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS, { error: 'Choose asc or desc.' });
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** The longest caller-name and transcript search the filter bar sends. */
export const CALL_SEARCH_MAX_LENGTH = 200;
/** The most records one bulk delete takes. */
export const MAX_BULK_DELETE = 100;
export const NOTE_MAX_LENGTH = 5000;
/** SPEC §5 "Note" and SPEC §2.4 "Notes". */
export const noteMessages = {
  required: 'Please enter notes!',
  saving: 'Record updating, Please wait...',
} as const;
/** SPEC §8: what the Recording Status column says when a recording cannot be made. */
export const RECORDING_ERROR_MESSAGE = 'Recording cannot be generated ,Please contact admin';
/** SPEC §8: the delete confirmation. */
export const DELETE_CALL_CONFIRMATION = 'Do you want to delete current record?';

/** A yes/no filter as a query string carries it: `true` or `false`. */
const yesNoQuery = (field: string) =>
  z.pipe(
    z.enum(['true', 'false'], { error: `${field} is true or false.` }),
    z.transform((value: 'true' | 'false') => value === 'true'),
  );

/** Whole seconds, 0 or more, as a query string carries them. */
const secondsQuery = (field: string) =>
  z.coerce
    .number({ error: `${field} is a number of seconds.` })
    .check(
      z.int({ error: `${field} is a whole number of seconds.` }),
      z.minimum(0, { error: `${field} is 0 seconds or more.` }),
      z.maximum(1_000_000_000, { error: `${field} is too large.` }),
    );

const searchText = (field: string) =>
  z.pipe(
    z.optional(
      z
        .string({ error: `${field} is text.` })
        .check(
          z.trim(),
          z.maxLength(CALL_SEARCH_MAX_LENGTH, { error: `At most ${CALL_SEARCH_MAX_LENGTH} characters.` }),
        ),
    ),
    z.transform((value: string | undefined) => value || undefined),
  );

/**
 * `GET /api/calls`: every SPEC §2.4 filter. `from`/`to` bound the incoming time (both inclusive);
 * ranges are inclusive; a bound left out is open. A range whose start lies after its end is refused
 * (400, with the field named).
 */
export const callListQuerySchema = z
  .extend(pageQuerySchema, {
    tab: z._default(callTabSchema, 'all'),
    from: z.optional(z.iso.datetime({ offset: true, error: 'The start time is not a valid date.' })),
    to: z.optional(z.iso.datetime({ offset: true, error: 'The end time is not a valid date.' })),
    /** The member who took the call. */
    receivedBy: z.optional(idSchema),
    answered: z.optional(yesNoQuery('Call answered')),
    messageLeft: z.optional(yesNoQuery('Message left')),
    /** Contains, any case. */
    callerName: searchText('Caller name'),
    /** Full-text: every word must appear (any case, any order); text without a letter or digit filters nothing. */
    transcript: searchText('Transcript'),
    holdMin: z.optional(secondsQuery('Hold time')),
    holdMax: z.optional(secondsQuery('Hold time')),
    durationMin: z.optional(secondsQuery('Call duration')),
    durationMax: z.optional(secondsQuery('Call duration')),
    sort: z._default(callSortFieldSchema, 'incomingAt'),
    order: z._default(sortOrderSchema, 'desc'),
  })
  .check(
    z.superRefine((query, context) => {
      if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
        context.addIssue({ code: 'custom', path: ['to'], message: 'The end time must not be before the start time.' });
      }
      if (query.holdMin !== undefined && query.holdMax !== undefined && query.holdMin > query.holdMax) {
        context.addIssue({ code: 'custom', path: ['holdMax'], message: 'The maximum must not be below the minimum.' });
      }
      if (query.durationMin !== undefined && query.durationMax !== undefined && query.durationMin > query.durationMax) {
        context.addIssue({
          code: 'custom',
          path: ['durationMax'],
          message: 'The maximum must not be below the minimum.',
        });
      }
    }),
  );
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
  /** A signed address (see `Video.playbackUrl`); null until the video is ready. */
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
  /** Whether the call has caption cues. */
  hasCaptions: z.boolean(),
  notesCount: z.int().check(z.minimum(0)),
  followUp: followUpStateSchema,
});
export type Call = z.infer<typeof callSchema>;

export const callListSchema = pageSchema(callSchema);
export type CallList = z.infer<typeof callListSchema>;

/** `GET /api/calls/:id`: the call with its transcript. */
export const callDetailSchema = z.extend(callSchema, { transcript: z.nullable(z.string()) });
export type CallDetail = z.infer<typeof callDetailSchema>;
export const callResponseSchema = z.object({ success: z.literal(true), data: callDetailSchema });
export type CallResponse = z.infer<typeof callResponseSchema>;

/** `PATCH /api/calls/:id`: the follow-up state. */
export const updateCallRequestSchema = z.object({ followUp: followUpStateSchema });
export type UpdateCallRequest = z.input<typeof updateCallRequestSchema>;

/**
 * `DELETE /api/calls?ids=a,b`: bulk delete (ARCHITECTURE §7: with the bearer token). Ids of other
 * teams or already gone are skipped; `deleted` counts what went.
 */
export const bulkDeleteCallsQuerySchema = z.object({
  ids: z.pipe(
    z.pipe(
      z.string({ error: 'Give the ids to delete.' }),
      z.transform((value: string) =>
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ),
    z
      .array(idSchema)
      .check(
        z.minLength(1, { error: 'Give the ids to delete.' }),
        z.maxLength(MAX_BULK_DELETE, { error: `At most ${MAX_BULK_DELETE} records at a time.` }),
      ),
  ),
});
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
export const noteRequestSchema = z.object({ message: requiredText(noteMessages.required, NOTE_MAX_LENGTH) });
export type NoteRequest = z.input<typeof noteRequestSchema>;
export const noteParamsSchema = z.object({ id: idSchema, noteId: idSchema });

/**
 * `POST /api/calls/:id/recording`: starts making one playable video of the call's raw media (202);
 * asking again while it is generating or ready changes nothing. The new status comes over the
 * WebSocket (`call` messages).
 */
export const recordingResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    recordingStatus: recordingStatusSchema,
    recordingUrl: z.nullable(z.string()),
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
});
export type CallEvent = z.infer<typeof callEventSchema>;
