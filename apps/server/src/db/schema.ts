import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A team: every row that belongs to one carries `team_id` (ARCHITECTURE §3). */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * Names the team in the visitor widget's embed tag (`data-parley-team`): 32 random hex digits,
     * replaced by "new key" in Domain management (the old one then stops working).
     */
    widgetKey: text('widget_key').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * The serial number of the team's latest live call: a visitor's call takes the next one in one
     * short statement (the row's lock), never below the team's highest stored serial.
     */
    callSerial: integer('call_serial').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('teams_widget_key').on(table.widgetKey)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower case; unique among members who have not been removed. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user'] }).notNull(),
    /** Invited with a one-time password that must be changed at the first sign-in. */
    firstLogin: boolean('first_login').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** A removed member keeps their row (calls name who took them) but can no longer sign in. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * An invitation to an address that belongs to another team's member: listed as invited, like
     * any other, so the invitation does not tell the inviting team the address is registered
     * elsewhere; it never signs in (the invitee is told by e-mail why it cannot be accepted).
     */
    addressTaken: boolean('address_taken').notNull().default(false),
    /** E.164, used for phone login. */
    phone: text('phone'),
    avatar: text('avatar'),
    signature: text('signature').notNull().default(''),
    title: text('title').notNull().default(''),
    groupName: text('group_name').notNull().default(''),
    tags: jsonb('tags').$type<{ key: string; label: string }[]>().notNull().default([]),
    country: text('country').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    address: text('address').notNull().default(''),
    /**
     * The availability the member chose (issue 16): incoming calls ring the members who chose
     * `available` and have a tab open (presence_connections); with no tab open they are offline.
     */
    availability: text('availability', { enum: ['available', 'away', 'offline'] })
      .notNull()
      .default('available'),
    /**
     * The member's bound TOTP secret (issue 17), sealed with AES-256-GCM (services/mfa.ts): once
     * set, signing in asks for a code. `mfa_pending_secret` is the one offered while binding, until a
     * code from it confirms it, sealed the same way.
     */
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The TOTP time step of the last code accepted: a code (or an earlier one) never works twice. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** New Message Notification (SPEC §2.5): which notices the server creates for the member. */
    notifyAccount: boolean('notify_account').notNull().default(true),
    notifySystem: boolean('notify_system').notNull().default(true),
    notifyTodo: boolean('notify_todo').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_active')
      .on(table.email)
      .where(sql`${table.removedAt} is null and not ${table.addressTaken}`),
    uniqueIndex('users_phone_active')
      .on(table.phone)
      .where(sql`${table.removedAt} is null and ${table.phone} is not null`),
    index('users_team').on(table.teamId, table.createdAt),
  ],
);

/**
 * One row per open socket (`/ws`) of a member, on whichever server instance holds it, kept fresh by
 * a heartbeat: a member with none is offline. A row whose instance died ages out (its `seen_at`).
 */
export const presenceConnections = pgTable(
  'presence_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The server instance that holds the socket. */
    instanceId: text('instance_id').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('presence_connections_user').on(table.userId), index('presence_connections_seen').on(table.seenAt)],
);

/** One row per issued token (its `jti`): logout and removal revoke it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * `full`; `password` for a first-login token that may only set a new password; `mfa` for a
     * sign-in that still owes its second factor (a TOTP or recovery code).
     */
    scope: text('scope', { enum: ['full', 'password', 'mfa'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/** A member's MFA recovery codes (ten at binding): stored hashed, each works once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('mfa_recovery_codes_user').on(table.userId)],
);

/** Forgot-password tokens: stored hashed, single use, one hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_resets_token').on(table.tokenHash)],
);

/** Phone login codes: stored hashed, five minutes, five attempts. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('phone_codes_phone').on(table.phone, table.createdAt)],
);

export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The member the notice is for. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['notification', 'message', 'event'] }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    avatar: text('avatar'),
    status: text('status', { enum: ['todo', 'processing', 'urgent', 'doing'] }),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('notices_user').on(table.userId, table.createdAt.desc())],
);

/**
 * Every e-mail and SMS Parley sends. With a transport (SMTP) a message waits here as `queued`
 * until it is delivered; without one it stays as `outbox`, listed by the development mailbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'outbox'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_due').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    index('outbox_recipient').on(table.recipient, table.createdAt.desc()),
  ],
);

/**
 * Contact and demo requests from the public form (SPEC §2.1), for the team that receives them
 * (`LEADS_TEAM_ID`, else the oldest team); none when the instance has no team yet.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['contact', 'demo'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    /** E.164. */
    phone: text('phone'),
    message: text('message').notNull(),
    /** Where the team's admins are with it: `new` until someone replies or closes it. */
    status: text('status', { enum: ['new', 'replied', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
  },
  (table) => [
    index('leads_team').on(table.teamId, table.createdAt.desc()),
    index('leads_team_status').on(table.teamId, table.status, table.createdAt.desc()),
  ],
);

/**
 * Domain management: the origins (scheme, host, port, as browsers send `Origin`) where the team's
 * visitor widget may run; they become the widget page's `frame-ancestors`.
 */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('domains_team_origin').on(table.teamId, table.origin)],
);

/** The e-mailed answers an admin sent to a lead (`POST /api/requests/:id/reply`), oldest first. */
export const leadReplies = pgTable(
  'lead_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The admin who sent it; kept (null) when the member is deleted. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('lead_replies_lead').on(table.leadId, table.createdAt)],
);

/**
 * Library, message, follow-up and menu videos (ARCHITECTURE §3). The file lives in the store under
 * `storage_key`, a key the server makes; the client never names a path.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['library', 'message', 'followup', 'menu'] }).notNull(),
    /** The call id or menu item id it was recorded for. */
    ref: text('ref'),
    status: text('status', { enum: ['uploading', 'processing', 'ready', 'error'] }).notNull(),
    contentType: text('content_type', { enum: ['video/mp4', 'video/webm'] }).notNull(),
    /** What the client said the file weighs when the upload began; the upload may not exceed it. */
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    /** The stored file's size, once complete. */
    size: bigint('size', { mode: 'number' }),
    durationSeconds: doublePrecision('duration_seconds'),
    storageKey: text('storage_key').notNull(),
    posterKey: text('poster_key'),
    errorMessage: text('error_message'),
    /** A processing job holds the video until then; a crashed one is taken up again after it. */
    processingLeaseUntil: timestamp('processing_lease_until', { withTimezone: true }),
    processingAttempts: integer('processing_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('videos_team').on(table.teamId, table.createdAt.desc()),
    index('videos_title_trgm').using('gin', table.title.op('gin_trgm_ops')),
    index('videos_processing').on(table.processingLeaseUntil).where(sql`${table.status} = 'processing'`),
  ],
);

/**
 * A multipart upload in progress (S3 semantics, on local disk too): the parts arrive at
 * pre-signed addresses, and the store itself says which it holds, so an upload resumes after a
 * dropped connection or a server restart. The row goes when the upload completes or is aborted.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    videoId: uuid('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * The store's own id of the upload: S3's UploadId, or on local disk 128 random bits (base64url)
     * that name the upload's folder and appear in its part addresses.
     */
    storageUploadId: text('storage_upload_id').notNull(),
    partSize: integer('part_size').notNull(),
    partCount: integer('part_count').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('video_uploads_storage_id').on(table.storageUploadId),
    index('video_uploads_created').on(table.createdAt),
  ],
);

/**
 * A video sent to one recipient (SPEC §3: e-mail, phone, message) with its share link. Only the
 * token's hash is kept. Deleting the video keeps the row (the sender's history) but revokes it.
 */
export const videoMessages = pgTable(
  'video_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    callId: text('call_id'),
    email: text('email').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    tokenHash: text('token_hash').notNull(),
    emailOutboxId: uuid('email_outbox_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    smsOutboxId: uuid('sms_outbox_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    views: integer('views').notNull().default(0),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('video_messages_token').on(table.tokenHash),
    index('video_messages_team').on(table.teamId, table.createdAt.desc()),
    index('video_messages_video').on(table.videoId),
  ],
);

/** Fixed-window counters for rate limits, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A visitor's call (ARCHITECTURE §3): created when it starts, answered when a member takes it,
 * ended. Hold and duration are kept in whole seconds so the call history filters and sorts on
 * them with an index. Serial numbers run 1, 2, 3… per team.
 *
 * The call history's totals come from `call_counts` (kept by triggers, migration 0004); the
 * indexes below carry every column its filters read, so what the counts leave over is counted
 * from the index alone.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    serialNumber: integer('serial_number').notNull(),
    incomingAt: timestamp('incoming_at', { withTimezone: true }).notNull(),
    /** The visitor's public id. */
    playerId: text('player_id').notNull(),
    callerName: text('caller_name').notNull().default(''),
    callerContact: text('caller_contact'),
    callerEmail: text('caller_email'),
    /** Null for a missed call; kept when the member is removed (users rows stay). */
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Seconds from incoming until answered, or until the visitor gave up. */
    holdSeconds: integer('hold_seconds').notNull(),
    /** Seconds from answered to ended; null for a missed call. */
    durationSeconds: integer('duration_seconds'),
    /** The video message the visitor left after a missed call. */
    messageVideoId: uuid('message_video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** A member took the call (the Missed calls tab is the calls without). */
    answered: boolean('answered').generatedAlwaysAs(sql`received_at is not null`),
    /** The visitor left a video message (the Messages tab). */
    messageLeft: boolean('message_left').generatedAlwaysAs(sql`message_video_id is not null`),
    recordingStatus: text('recording_status', { enum: ['none', 'generating', 'ready', 'error'] })
      .notNull()
      .default('none'),
    /** The generated recording in the file store. */
    recordingKey: text('recording_key'),
    recordingContentType: text('recording_content_type'),
    recordingError: text('recording_error'),
    /** A generation job holds the call until then; a crashed one is taken up again after it. */
    recordingLeaseUntil: timestamp('recording_lease_until', { withTimezone: true }),
    recordingAttempts: integer('recording_attempts').notNull().default(0),
    transcript: text('transcript'),
    /** Language-neutral ('simple') so every interface language is searched the same way. */
    transcriptSearch: tsvector('transcript_search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(transcript, ''))`,
    ),
    followUp: text('follow_up', { enum: ['none', 'needed', 'sent', 'done'] })
      .notNull()
      .default('none'),
    /** A call happening now (issue 16): ringing until answered or missed, connected until it ends; null after. */
    liveState: text('live_state', { enum: ['ringing', 'connected'] }),
    /** When a ringing call stops ringing unanswered (incoming plus the ring time). */
    ringsUntil: timestamp('rings_until', { withTimezone: true }),
    /** What the visitor chose in the widget's menu; null for calls from before the widget. */
    menuItem: text('menu_item', { enum: ['call', 'message'] }),
    /** The visitor's latest socket for the call (its id): only that socket's close means they left. */
    callerSocket: uuid('caller_socket'),
    /** While the call is live, when the visitor's socket closed (null while it is open). */
    callerLeftAt: timestamp('caller_left_at', { withTimezone: true }),
    /** While the call is connected, when the member who took it closed their last tab (null while one is open). */
    memberLeftAt: timestamp('member_left_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // The calls happening now, in the order they came in: the ring cards, the queue, the ring timeout.
    index('calls_live').on(table.teamId, table.incomingAt, table.serialNumber).where(sql`live_state is not null`),
    index('calls_ringing_until').on(table.ringsUntil).where(sql`live_state = 'ringing'`),
    // A caller's earlier calls, by e-mail or by phone (the member's call card).
    index('calls_caller_email')
      .on(table.teamId, table.callerEmail, table.incomingAt)
      .where(sql`caller_email is not null`),
    index('calls_caller_contact')
      .on(table.teamId, table.callerContact, table.incomingAt)
      .where(sql`caller_contact is not null`),
    // The call history's hold and duration buckets start at 0 seconds.
    check('calls_hold_seconds', sql`hold_seconds >= 0`),
    check('calls_duration_seconds', sql`duration_seconds >= 0`),
    uniqueIndex('calls_team_serial').on(table.teamId, table.serialNumber),
    // One per sort order, each followed by the serial number (the tie-break), every column a filter
    // reads and the id: a page, and what a total counts call by call, read the index only.
    index('calls_team_incoming').on(
      table.teamId,
      table.incomingAt,
      table.serialNumber,
      table.answered,
      table.messageLeft,
      table.holdSeconds,
      table.durationSeconds,
      table.receivedBy,
      table.id,
    ),
    index('calls_team_hold').on(
      table.teamId,
      table.holdSeconds,
      table.serialNumber,
      table.incomingAt,
      table.answered,
      table.messageLeft,
      table.durationSeconds,
      table.receivedBy,
      table.id,
    ),
    // A missed call has no duration and comes last whichever way Duration sorts: read backwards, this
    // index gives the descending order (nulls last), and the next one forwards the ascending order.
    index('calls_team_duration').on(
      table.teamId,
      table.durationSeconds.asc().nullsFirst(),
      table.serialNumber,
      table.incomingAt,
      table.answered,
      table.messageLeft,
      table.holdSeconds,
      table.receivedBy,
      table.id,
    ),
    index('calls_team_duration_ascending').on(
      table.teamId,
      table.durationSeconds.asc().nullsLast(),
      table.serialNumber,
      table.incomingAt,
      table.answered,
      table.messageLeft,
      table.holdSeconds,
      table.receivedBy,
      table.id,
    ),
    // The Missed calls and Messages tabs in each order, without stepping over the other calls.
    ...(['missed', 'messages'] as const).flatMap((tab) => {
      const where = tab === 'missed' ? sql`not answered` : sql`message_left`;
      const rest = [table.answered, table.messageLeft, table.receivedBy, table.id] as const;
      return [
        index(`calls_${tab}_incoming`)
          .on(table.teamId, table.incomingAt, table.serialNumber, table.holdSeconds, table.durationSeconds, ...rest)
          .where(where),
        index(`calls_${tab}_hold`)
          .on(table.teamId, table.holdSeconds, table.serialNumber, table.incomingAt, table.durationSeconds, ...rest)
          .where(where),
        index(`calls_${tab}_duration`)
          .on(
            table.teamId,
            table.durationSeconds.asc().nullsFirst(),
            table.serialNumber,
            table.incomingAt,
            table.holdSeconds,
            ...rest,
          )
          .where(where),
      ];
    }),
    // A member's calls; leading with the member also serves the foreign key when a member is deleted.
    index('calls_received_by')
      .on(
        table.receivedBy,
        table.incomingAt,
        table.serialNumber,
        table.answered,
        table.messageLeft,
        table.holdSeconds,
        table.durationSeconds,
        table.teamId,
        table.id,
      )
      .where(sql`received_by is not null`),
    index('calls_message_video').on(table.messageVideoId).where(sql`message_video_id is not null`),
    index('calls_caller_name_trgm').using('gin', table.callerName.op('gin_trgm_ops')),
    index('calls_transcript_search').using('gin', table.transcriptSearch),
    index('calls_recording_generating')
      .on(table.recordingLeaseUntil)
      .where(sql`${table.recordingStatus} = 'generating'`),
  ],
);

/**
 * How many calls a team has, by time block, member, tab and hold time, with the durations as running
 * totals: the call history's totals read a few hundred of these rows instead of counting up to a
 * million calls. Kept exact by statement triggers on `calls` in the same transaction (migration
 * 0004, which also holds the bucket boundaries; `repositories/call-counts.ts` reads them).
 *
 * A row counts the calls that came in during `block` (days since 1970-01-01 UTC divided by
 * 8^`level`), answered (or not) by `member_id` (the nil UUID: every call of the team, whoever took
 * it; a member's rows start at level 1), with or without a message, whose hold time falls in `hold_bucket`. Their durations are running
 * totals: `duration_totals[i]` calls have a duration bucket of `duration_buckets[i]` or below (bucket 0:
 * no duration), so `width_bucket` finds the total below any bucket in the sorted `duration_buckets`.
 */
export const callCounts = pgTable(
  'call_counts',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    level: smallint('level').notNull(),
    block: integer('block').notNull(),
    answered: boolean('answered').notNull(),
    messageLeft: boolean('message_left').notNull(),
    holdBucket: smallint('hold_bucket').notNull(),
    durationBuckets: integer('duration_buckets').array().notNull(),
    durationTotals: integer('duration_totals').array().notNull(),
  },
  (table) => [
    primaryKey({
      name: 'call_counts_pkey',
      columns: [
        table.teamId,
        table.memberId,
        table.level,
        table.block,
        table.answered,
        table.messageLeft,
        table.holdBucket,
      ],
    }),
  ],
);

/** A member declined a ringing call: it stops ringing for them, and when every available member declined, it is missed. */
export const callDeclines = pgTable(
  'call_declines',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'call_declines_pkey', columns: [table.callId, table.userId] }),
    index('call_declines_user').on(table.userId),
  ],
);

/**
 * The raw media of a call as the live call left it (one file per side or segment), which the
 * recording job joins into one playable video. `offset_seconds` places it on the call's timeline.
 */
export const callMedia = pgTable(
  'call_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    /** Whose side it is. */
    source: text('source', { enum: ['caller', 'member'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    offsetSeconds: doublePrecision('offset_seconds').notNull().default(0),
    /**
     * While the side is still recording (issue 16), the store's id of its multipart upload, whose
     * parts arrive every few seconds; null once the parts are joined into `storage_key`. The
     * recording job joins only whole files.
     */
    uploadId: text('upload_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('call_media_call').on(table.callId, table.offsetSeconds),
    uniqueIndex('call_media_upload').on(table.uploadId).where(sql`${table.uploadId} is not null`),
  ],
);

/** A member's note on a call (SPEC §2.4 notes table); the author and date are the server's. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notes_call').on(table.callId, table.createdAt)],
);

/** Timed caption cues of a call; seconds from the start of its recording. */
export const captions = pgTable(
  'captions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    speaker: text('speaker').notNull(),
    text: text('text').notNull(),
  },
  (table) => [index('captions_call').on(table.callId, table.startSeconds)],
);

/**
 * The team's contact book (issue 17): people the team deals with. One contact per e-mail address
 * per team (stored trimmed and in lower case; the unique index below), so an import, an edit or a
 * "Save to contacts" never makes a second one for the same address. Phones are E.164 and may repeat
 * (a shared office line); a call links to the oldest contact with its phone when no e-mail matches.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower case; null when the contact has no address. */
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    company: text('company'),
    notes: text('notes'),
    /** Distinct, trimmed, in the order given. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contacts_team_email').on(table.teamId, table.email).where(sql`email is not null`),
    // A call's contact by phone (the call history links), and the book's default order.
    index('contacts_team_phone').on(table.teamId, table.phone, table.createdAt).where(sql`phone is not null`),
    index('contacts_team_name').on(table.teamId, sql`lower(${table.name})`, table.id),
    index('contacts_team_created').on(table.teamId, table.createdAt, table.id),
  ],
);

/**
 * The CSV imports a team confirmed, by the id the client chose for its preview: a confirm sent twice
 * (a double click, a retry) finds its id taken and imports nothing the second time.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    imported: integer('imported').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/**
 * A team's connection to its team-messaging service (Slack settings, ARCHITECTURE §3): the token,
 * encrypted at rest (AES-256-GCM: base64 of a 12-byte IV, the 16-byte tag and the ciphertext, key
 * SLACK_TOKEN_KEY), its last 4 characters to show, the workspace `auth.test` named, and when Sync
 * Users last stored its result (`directory_users`).
 */
export const integrations = pgTable(
  'integrations',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['slack'] }).notNull(),
    tokenSecret: text('token_secret').notNull(),
    tokenLast4: text('token_last4').notNull(),
    workspaceId: text('workspace_id').notNull(),
    workspaceName: text('workspace_name').notNull(),
    savedBy: uuid('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** When Sync Users last stored a result; null before the first. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.kind] })],
);

/**
 * The Slack workspace's people as the latest Sync Users read them (bots and deactivated accounts
 * left out); each sync replaces the team's rows as a whole, under the integration row's lock. A row
 * matches the member whose e-mail address is its `email` (lower case).
 */
export const directoryUsers = pgTable(
  'directory_users',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    slackId: text('slack_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.slackId] }),
    index('directory_users_team_email').on(table.teamId, table.email),
  ],
);

/**
 * A member's own preferences (Preferences, issue 17), kept on the server so they follow the member
 * to every browser: interface language, theme, the time zone and date format of every table, the
 * lists' page size, the ring's sound and volume, and desktop notifications. No row: the defaults.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  /** A BCP 47 tag the web app offers; null: the browser's. */
  language: text('language'),
  theme: text('theme', { enum: ['light', 'dark', 'system'] })
    .notNull()
    .default('system'),
  /** An IANA time zone; null: the browser's. */
  timeZone: text('time_zone'),
  dateFormat: text('date_format', { enum: ['locale', 'iso', 'dmy', 'mdy'] })
    .notNull()
    .default('locale'),
  pageSize: smallint('page_size').notNull().default(10),
  ringSound: text('ring_sound', { enum: ['classic', 'chime', 'pulse', 'none'] })
    .notNull()
    .default('classic'),
  /** 0 to 100. */
  ringVolume: smallint('ring_volume').notNull().default(80),
  desktopNotifications: boolean('desktop_notifications').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
