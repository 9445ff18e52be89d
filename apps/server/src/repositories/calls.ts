import type {
  Call,
  CallDetail,
  CallSortField,
  FollowUpState,
  LeftMessage,
  Note,
  ParsedCallListQuery,
  SortOrder,
} from '@parley/api';
import { and, asc, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callMedia, calls, captions, notes, users, videos } from '../db/schema';
import { roundedExpiry } from '../lib/signed-urls';
import type { VideoStore } from '../services/storage/store';
import { PLAYBACK_URL_SECONDS } from '../services/videos';
import {
  blockDays,
  blocksCovering,
  bucketOf,
  bucketValues,
  DAY_MS,
  DURATION_BUCKET_STARTS,
  HOLD_BUCKET_STARTS,
  instantMs,
  MEMBER_LEVEL,
  type SecondsRange,
  splitSeconds,
  splitTime,
  TOP_LEVEL,
  type ValueRange,
} from './call-counts';

export type CallTableRow = typeof calls.$inferSelect;
/** What the call history filters on: the list query without its paging and order. */
export type CallFilter = Omit<ParsedCallListQuery, 'current' | 'pageSize' | 'sort' | 'order'>;

/** The message video as a call row carries it. */
export interface MessageVideoRow {
  id: string;
  status: 'uploading' | 'processing' | 'ready' | 'error';
  contentType: 'video/mp4' | 'video/webm';
  size: number | null;
  storageKey: string;
  posterKey: string | null;
  durationSeconds: number | null;
}

/** A call with what its list row shows: who took it, the message video, notes and captions. */
export interface CallRow {
  call: Omit<CallTableRow, 'transcriptSearch' | 'transcript'> & { transcript?: string | null };
  receivedByName: string | null;
  message: MessageVideoRow | null;
  notesCount: number;
  hasCaptions: boolean;
}

/** The member id of the `call_counts` rows that count every call of a team. */
const EVERY_MEMBER = '00000000-0000-0000-0000-000000000000';

const listColumns = {
  id: calls.id,
  teamId: calls.teamId,
  serialNumber: calls.serialNumber,
  incomingAt: calls.incomingAt,
  playerId: calls.playerId,
  callerName: calls.callerName,
  callerContact: calls.callerContact,
  callerEmail: calls.callerEmail,
  receivedBy: calls.receivedBy,
  receivedAt: calls.receivedAt,
  endedAt: calls.endedAt,
  holdSeconds: calls.holdSeconds,
  durationSeconds: calls.durationSeconds,
  messageVideoId: calls.messageVideoId,
  answered: calls.answered,
  messageLeft: calls.messageLeft,
  recordingStatus: calls.recordingStatus,
  recordingKey: calls.recordingKey,
  recordingContentType: calls.recordingContentType,
  recordingError: calls.recordingError,
  recordingLeaseUntil: calls.recordingLeaseUntil,
  recordingAttempts: calls.recordingAttempts,
  followUp: calls.followUp,
  createdAt: calls.createdAt,
};

const rowColumns = {
  call: listColumns,
  receivedByName: users.name,
  message: {
    id: videos.id,
    status: videos.status,
    contentType: videos.contentType,
    size: videos.size,
    storageKey: videos.storageKey,
    posterKey: videos.posterKey,
    durationSeconds: videos.durationSeconds,
  },
  notesCount: sql<number>`(select count(*)::integer from ${notes} where ${notes.callId} = ${calls.id})`,
  hasCaptions: sql<boolean>`exists (select 1 from ${captions} where ${captions.callId} = ${calls.id})`,
};

type SelectedRow = {
  call: CallRow['call'];
  receivedByName: string | null;
  message: { [Key in keyof MessageVideoRow]: MessageVideoRow[Key] | null } | null;
  notesCount: number;
  hasCaptions: boolean;
};

function toRow(selected: SelectedRow): CallRow {
  const message = selected.message?.id ? (selected.message as MessageVideoRow) : null;
  return {
    call: selected.call,
    receivedByName: selected.receivedByName,
    message,
    notesCount: Number(selected.notesCount),
    hasCaptions: Boolean(selected.hasCaptions),
  };
}

function selectRows(db: Db, withTranscript: boolean) {
  return db
    .select(withTranscript ? { ...rowColumns, call: { ...listColumns, transcript: calls.transcript } } : rowColumns)
    .from(calls)
    .leftJoin(users, eq(users.id, calls.receivedBy))
    .leftJoin(videos, eq(videos.id, calls.messageVideoId));
}

/** A call of the team with its list-row extras (and the transcript); another team's answers nothing. */
export async function getCallForTeam(db: Db, teamId: string, id: string): Promise<CallRow | undefined> {
  const [row] = await selectRows(db, true).where(and(eq(calls.teamId, teamId), eq(calls.id, id)));
  return row && toRow(row as SelectedRow);
}

/** How a call's files are addressed. */
export interface CallUrls {
  store: VideoStore;
  /**
   * The recording's signed address when the recording service makes its own (local disk serves
   * recordings by call); otherwise the store's address of `recording_key`.
   */
  recordingUrl?: (call: CallRow['call']) => Promise<string | null>;
}

/** A signed address of a stored file, as the video library makes them; null when the store cannot serve the key. */
async function signedUrl(store: VideoStore, key: string, contentType: string): Promise<string | null> {
  return store.downloadUrl(key, contentType, roundedExpiry(PLAYBACK_URL_SECONDS)).catch(() => null);
}

function recordingUrl(call: CallRow['call'], urls: CallUrls): Promise<string | null> | null {
  if (call.recordingStatus !== 'ready' || !call.recordingKey) {
    return null;
  }
  return urls.recordingUrl
    ? urls.recordingUrl(call)
    : signedUrl(urls.store, call.recordingKey, call.recordingContentType ?? 'video/mp4');
}

/** The API's view of a call row (SPEC §3 "Call record"), with signed addresses of its message and recording. */
export async function toCall(row: CallRow, urls: CallUrls): Promise<Call> {
  const { call } = row;
  const video = row.message;
  const playable = video !== null && (video.status === 'processing' || video.status === 'ready') && video.size !== null;
  const [playbackUrl, posterUrl, recording] = await Promise.all([
    playable ? signedUrl(urls.store, video.storageKey, video.contentType) : null,
    video?.posterKey ? signedUrl(urls.store, video.posterKey, 'image/jpeg') : null,
    recordingUrl(call, urls),
  ]);
  const message: LeftMessage | null = video
    ? { videoId: video.id, playbackUrl, posterUrl, durationSeconds: video.durationSeconds }
    : null;
  return {
    id: call.id,
    serialNumber: call.serialNumber,
    incomingAt: call.incomingAt.toISOString(),
    playerId: call.playerId,
    callerName: call.callerName,
    callerContact: call.callerContact,
    callerEmail: call.callerEmail,
    receivedBy: call.receivedBy ? { id: call.receivedBy, name: row.receivedByName ?? '' } : null,
    receivedAt: call.receivedAt?.toISOString() ?? null,
    holdSeconds: call.holdSeconds,
    durationSeconds: call.durationSeconds,
    endedAt: call.endedAt?.toISOString() ?? null,
    answered: call.receivedAt !== null,
    message,
    recordingStatus: call.recordingStatus,
    recordingUrl: recording,
    hasCaptions: row.hasCaptions,
    notesCount: row.notesCount,
    followUp: call.followUp,
  };
}

/** The call with its transcript (`GET /api/calls/:id`). */
export async function toCallDetail(row: CallRow, urls: CallUrls): Promise<CallDetail> {
  return { ...(await toCall(row, urls)), transcript: row.call.transcript ?? null };
}

/** `%`, `_` and `\` typed in a search box are searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A whole number put in the statement as it is (bucket and block numbers the server computed). */
function literal(value: number): SQL {
  if (!Number.isSafeInteger(value)) {
    throw new Error(`Not a whole number: ${value}`);
  }
  return sql.raw(String(value));
}

function between(column: SQLWrapper, range: ValueRange): SQL {
  return range.max === null
    ? sql`${column} >= ${literal(range.min)}`
    : sql`${column} between ${literal(range.min)} and ${literal(range.max)}`;
}

function instant(ms: number): string {
  return new Date(ms).toISOString();
}

/** Tabs, yes/no filters and the member: what `call_counts` rows are keyed by. */
function categoryConditions(filter: CallFilter): SQL[] {
  const conditions: SQL[] = [];
  // Literal booleans, so the planner matches the Missed and Messages partial indexes.
  if (filter.tab === 'missed') {
    conditions.push(sql`not ${calls.answered}`);
  } else if (filter.tab === 'messages') {
    conditions.push(sql`${calls.messageLeft}`);
  }
  if (filter.answered !== undefined) {
    conditions.push(filter.answered ? sql`${calls.answered}` : sql`not ${calls.answered}`);
  }
  if (filter.messageLeft !== undefined) {
    conditions.push(filter.messageLeft ? sql`${calls.messageLeft}` : sql`not ${calls.messageLeft}`);
  }
  if (filter.receivedBy) {
    conditions.push(eq(calls.receivedBy, filter.receivedBy));
  }
  return conditions;
}

/** The words a transcript search looks for; none when the text holds no letter or digit. */
function transcriptWords(filter: CallFilter): string | undefined {
  return filter.transcript && /[\p{L}\p{N}]/u.test(filter.transcript) ? filter.transcript : undefined;
}

function textConditions(filter: CallFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.callerName) {
    conditions.push(sql`${calls.callerName} ilike ${likePattern(filter.callerName)}`);
  }
  const words = transcriptWords(filter);
  if (words) {
    conditions.push(sql`${calls.transcriptSearch} @@ plainto_tsquery('simple', ${words})`);
  }
  return conditions;
}

function holdRange(filter: CallFilter): SecondsRange | null {
  return filter.holdMin === undefined && filter.holdMax === undefined
    ? null
    : { min: filter.holdMin, max: filter.holdMax };
}

function durationRange(filter: CallFilter): SecondsRange | null {
  return filter.durationMin === undefined && filter.durationMax === undefined
    ? null
    : { min: filter.durationMin, max: filter.durationMax };
}

function rangeValues(range: SecondsRange): ValueRange {
  return { min: range.min ?? 0, max: range.max ?? null };
}

/** Every condition of the filter, for the page (and for the total when text is searched). */
function filterConditions(teamId: string, filter: CallFilter): SQL[] {
  const conditions: SQL[] = [eq(calls.teamId, teamId), ...categoryConditions(filter)];
  if (filter.from) {
    conditions.push(sql`${calls.incomingAt} >= ${filter.from}::timestamptz`);
  }
  if (filter.to) {
    conditions.push(sql`${calls.incomingAt} <= ${filter.to}::timestamptz`);
  }
  const hold = holdRange(filter);
  if (hold) {
    conditions.push(between(calls.holdSeconds, rangeValues(hold)));
  }
  const duration = durationRange(filter);
  if (duration) {
    conditions.push(between(calls.durationSeconds, rangeValues(duration)));
  }
  return [...conditions, ...textConditions(filter)];
}

function countOf(conditions: SQL[]): SQL {
  return sql`(select count(*)::integer from ${calls} where ${and(...conditions)})`;
}

/**
 * The exact number of the team's calls that match the filter, in one statement. Without a text
 * search, whole days × whole hold buckets × whole duration buckets come from `call_counts` (a few
 * hundred rows at most, whatever the range), and the rest — the two ends of the time range, the part
 * of a hold or duration bucket a bound cuts — is counted from the covering indexes; the parts do not
 * overlap. A text search is counted from its own index (the words, or the name's trigrams), one call
 * at a time: its cost grows with the calls it matches.
 */
export function countStatement(teamId: string, filter: CallFilter): SQL {
  const base: SQL[] = [eq(calls.teamId, teamId), ...categoryConditions(filter)];
  const text = textConditions(filter);
  if (text.length > 0) {
    return sql`select ${countOf(filterConditions(teamId, filter))} as total`;
  }
  const holdFilter = holdRange(filter);
  const durationFilter = durationRange(filter);
  const hold = splitSeconds(HOLD_BUCKET_STARTS, holdFilter ?? {});
  const duration = durationFilter ? splitSeconds(DURATION_BUCKET_STARTS, durationFilter) : null;
  const holdAll = holdFilter ? [between(calls.holdSeconds, rangeValues(holdFilter))] : [];
  const durationAll = durationFilter ? [between(calls.durationSeconds, rangeValues(durationFilter))] : [];
  const time = splitTime(filter.from, filter.to, blockDays(lowestLevel(filter)));
  const parts: SQL[] = [];

  if (time.days === null) {
    // Less than a whole day: every call is counted from the index.
    return sql`select ${countOf(filterConditions(teamId, filter))} as total`;
  }
  const wholeDays: SQL[] = [];
  if (time.fullStartMs !== null) {
    wholeDays.push(sql`${calls.incomingAt} >= ${instant(time.fullStartMs)}::timestamptz`);
  }
  if (time.fullEndMs !== null) {
    wholeDays.push(sql`${calls.incomingAt} < ${instant(time.fullEndMs)}::timestamptz`);
  }
  if (filter.from && time.fullStartMs !== null && instantMs(filter.from, 'up') < time.fullStartMs) {
    parts.push(
      countOf([
        ...base,
        sql`${calls.incomingAt} >= ${filter.from}::timestamptz`,
        sql`${calls.incomingAt} < ${instant(time.fullStartMs)}::timestamptz`,
        ...holdAll,
        ...durationAll,
      ]),
    );
  }
  if (filter.to && time.fullEndMs !== null) {
    parts.push(
      countOf([
        ...base,
        sql`${calls.incomingAt} >= ${instant(time.fullEndMs)}::timestamptz`,
        sql`${calls.incomingAt} <= ${filter.to}::timestamptz`,
        ...holdAll,
        ...durationAll,
      ]),
    );
  }
  for (const values of hold.partial) {
    parts.push(countOf([...base, ...wholeDays, between(calls.holdSeconds, values), ...durationAll]));
  }
  if (hold.full) {
    const wholeHold = holdFilter
      ? [between(calls.holdSeconds, bucketValues(HOLD_BUCKET_STARTS, hold.full.first, hold.full.last))]
      : [];
    for (const values of duration?.partial ?? []) {
      parts.push(countOf([...base, ...wholeDays, ...wholeHold, between(calls.durationSeconds, values)]));
    }
    const durationBuckets = duration ? duration.full : { first: 0, last: DURATION_BUCKET_STARTS.length };
    if (durationBuckets) {
      parts.push(
        countedRows(teamId, filter, time.days, hold.full, { first: durationBuckets.first, last: durationBuckets.last }),
      );
    }
  }
  if (parts.length === 0) {
    return sql`select 0 as total`;
  }
  return sql`select ${sql.join(parts, sql` + `)} as total`;
}

/**
 * The conditions on `call_counts` rows (alias `counts`) for the filter's tab, yes/no filters and
 * member, and a range of hold buckets; null when the filter contradicts itself (Missed calls that
 * were answered).
 */
function countKeys(teamId: string, filter: CallFilter, hold: { first: number; last: number }): SQL | null {
  const keys: SQL[] = [
    sql`counts.team_id = ${teamId}`,
    sql`counts.member_id = ${filter.receivedBy ?? EVERY_MEMBER}`,
    sql`counts.hold_bucket between ${literal(hold.first)} and ${literal(hold.last)}`,
  ];
  if (filter.tab === 'missed' || filter.answered !== undefined) {
    if (filter.tab === 'missed' && filter.answered === true) {
      return null;
    }
    const answered = filter.tab === 'missed' ? false : filter.answered;
    keys.push(answered ? sql`counts.answered` : sql`not counts.answered`);
  }
  if (filter.tab === 'messages' || filter.messageLeft !== undefined) {
    if (filter.tab === 'messages' && filter.messageLeft === false) {
      return null;
    }
    const messageLeft = filter.tab === 'messages' ? true : filter.messageLeft;
    keys.push(messageLeft ? sql`counts.message_left` : sql`not counts.message_left`);
  }
  return and(...keys) ?? null;
}

/** How many calls of a `call_counts` row have a duration bucket in `first`…`last` (running totals, width_bucket: a binary search). */
function durationsBetween(duration: { first: number; last: number }): SQL {
  const upTo = (bucket: number) =>
    sql`coalesce(counts.duration_totals[width_bucket(${literal(bucket)}, counts.duration_buckets)], 0)`;
  return sql`${upTo(duration.last)} - ${upTo(duration.first - 1)}`;
}

/** The `call_counts` part: whole days, the whole hold buckets, and durations as running totals. */
function countedRows(
  teamId: string,
  filter: CallFilter,
  days: { first: number | null; last: number | null },
  hold: { first: number; last: number },
  duration: { first: number; last: number },
): SQL {
  const keys = countKeys(teamId, filter, hold);
  if (!keys) {
    return sql`0`;
  }
  const blocks = blocksCovering(days.first, days.last, lowestLevel(filter));
  const counted = durationsBetween(duration);
  const selections: SQL[] = [];
  if (blocks.listed.length > 0) {
    const wanted = sql.join(
      blocks.listed.map(({ level, block }) => sql`(${literal(level)}, ${literal(block)})`),
      sql`, `,
    );
    selections.push(sql`select ${counted} as calls
      from (values ${wanted}) as wanted(level, block)
      join call_counts as counts on counts.level = wanted.level and counts.block = wanted.block
      where ${keys}`);
  }
  if (blocks.top) {
    selections.push(
      sql`select ${counted} as calls from call_counts as counts where ${and(keys, ...blockRange(TOP_LEVEL, blocks.top))}`,
    );
  }
  if (selections.length === 0) {
    return sql`0`;
  }
  return sql`(select coalesce(sum(calls), 0)::integer from (${sql.join(selections, sql` union all `)}) as counted)`;
}

/** `counts.level = L` and its blocks within `from`…`to` (open ends: null). */
function blockRange(level: number, range: { from: number | null; to: number | null }): SQL[] {
  const conditions: SQL[] = [sql`counts.level = ${literal(level)}`];
  if (range.from !== null) {
    conditions.push(sql`counts.block >= ${literal(range.from)}`);
  }
  if (range.to !== null) {
    conditions.push(sql`counts.block <= ${literal(range.to)}`);
  }
  return conditions;
}

/** The exact number of the team's calls that match the filter. */
export async function countTeamCalls(db: Db, teamId: string, filter: CallFilter): Promise<number> {
  const result = (await db.execute(countStatement(teamId, filter))) as unknown as { rows: { total: number }[] };
  return Number(result.rows[0]?.total ?? 0);
}

/** The order of a page, the serial number breaking ties; a missed call has no duration and sorts as the shortest. */
function ordering(sort: CallSortField, order: SortOrder): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  switch (sort) {
    case 'incomingAt':
      return [direction(calls.incomingAt), direction(calls.serialNumber)];
    case 'holdSeconds':
      return [direction(calls.holdSeconds), direction(calls.serialNumber)];
    case 'durationSeconds':
      return order === 'asc'
        ? [sql`${calls.durationSeconds} asc nulls first`, asc(calls.serialNumber)]
        : [sql`${calls.durationSeconds} desc nulls last`, desc(calls.serialNumber)];
    default:
      return sort satisfies never;
  }
}

/** Pages past the middle are read from the other end: the same rows, without stepping over the first half. */
const FROM_THE_END = 2;
/** Deeper than this, a page is found through `call_counts` instead of stepping over the calls before it. */
const SEEK_BEYOND = 5000;

/** How to read a page: the filter plus `conditions`, in `order`, skipping `offset` rows. */
interface PagePlan {
  conditions: SQL[];
  /**
   * The same rows with the calls without a duration too, which a descending duration order reads
   * last: needed only when the page runs past the last call with one (the narrower form is an index range).
   */
  wider?: SQL[];
  order: SortOrder;
  offset: number;
  limit: number;
}

function flip(order: SortOrder): SortOrder {
  return order === 'asc' ? 'desc' : 'asc';
}

/** A later instant of the two (`from` is inclusive). */
function laterFrom(from: string | undefined, ms: number): string {
  return from !== undefined && instantMs(from, 'up') > ms ? from : instant(ms);
}

/**
 * Where a deep page starts, found without stepping over the rows before it: `call_counts` tells
 * roughly where the offset falls (a day, or a hold or duration bucket), an exact count tells how
 * many rows come before that boundary, and the page is read from the boundary on — forwards, or
 * backwards when the boundary overshot. Only the distance from the boundary is stepped over.
 */
async function seekPlan(
  db: Db,
  teamId: string,
  query: ParsedCallListQuery,
  total: number,
  plan: PagePlan,
): Promise<PagePlan> {
  const { order, offset, limit } = plan;
  let before: SQL;
  let after: SQL;
  let widerBefore: SQL | undefined;
  let widerAfter: SQL | undefined;
  let rowsBefore: number;
  if (query.sort === 'incomingAt') {
    const days = await locateDays(db, teamId, query, order, offset);
    if (days === null) {
      return plan;
    }
    const boundary = (order === 'desc' ? days.last + 1 : days.first) * DAY_MS;
    const later = await countTeamCalls(db, teamId, { ...query, from: laterFrom(query.from, boundary) });
    const at = sql`${instant(boundary)}::timestamptz`;
    if (order === 'desc') {
      [before, after, rowsBefore] = [sql`${calls.incomingAt} >= ${at}`, sql`${calls.incomingAt} < ${at}`, later];
    } else {
      [before, after, rowsBefore] = [
        sql`${calls.incomingAt} < ${at}`,
        sql`${calls.incomingAt} >= ${at}`,
        total - later,
      ];
    }
  } else {
    const starts = query.sort === 'holdSeconds' ? HOLD_BUCKET_STARTS : DURATION_BUCKET_STARTS;
    const bucket = await locateBucket(db, teamId, query, order, offset);
    if (bucket === null) {
      return plan;
    }
    const column = query.sort === 'holdSeconds' ? calls.holdSeconds : calls.durationSeconds;
    const minimum = query.sort === 'holdSeconds' ? 'holdMin' : 'durationMin';
    const atLeast = async (seconds: number) =>
      countTeamCalls(db, teamId, { ...query, [minimum]: Math.max(query[minimum] ?? 0, seconds) });
    const nullable = query.sort === 'durationSeconds';
    // Bucket 0 holds the calls without a duration: first ascending, last descending.
    if (order === 'asc') {
      const start = bucket === 0 ? null : (starts[bucket - 1] ?? 0);
      if (start === null) {
        return plan;
      }
      rowsBefore = total - (await atLeast(start));
      before = sql`${column} < ${literal(start)}`;
      widerBefore = nullable ? sql`(${column} is null or ${column} < ${literal(start)})` : undefined;
      after = sql`${column} >= ${literal(start)}`;
    } else if (bucket === 0) {
      rowsBefore = await atLeast(0);
      before = sql`${column} is not null`;
      after = sql`${column} is null`;
    } else {
      const end = bucketValues(starts, bucket, bucket).max;
      if (end === null) {
        return plan;
      }
      rowsBefore = await atLeast(end + 1);
      before = sql`${column} > ${literal(end)}`;
      after = sql`${column} <= ${literal(end)}`;
      widerAfter = nullable ? sql`(${column} is null or ${column} <= ${literal(end)})` : undefined;
    }
  }
  if (rowsBefore <= offset) {
    return {
      conditions: [after],
      ...(widerAfter ? { wider: [widerAfter] } : {}),
      order,
      offset: offset - rowsBefore,
      limit,
    };
  }
  // The boundary overshot: the page lies among the rows before it, read backwards from it.
  return {
    conditions: [before],
    ...(widerBefore ? { wider: [widerBefore] } : {}),
    order: flip(order),
    offset: Math.max(0, rowsBefore - offset - limit),
    limit: Math.min(limit, rowsBefore - offset),
  };
}

/** The filter's `call_counts` keys with hold and duration widened to whole buckets (a superset: to locate, not to count). */
function locateKeys(teamId: string, query: ParsedCallListQuery): { keys: SQL; durations: SQL } | null {
  const hold = {
    first: query.holdMin === undefined ? 1 : bucketOf(HOLD_BUCKET_STARTS, query.holdMin),
    last: query.holdMax === undefined ? HOLD_BUCKET_STARTS.length : bucketOf(HOLD_BUCKET_STARTS, query.holdMax),
  };
  const durationFilter = durationRange(query);
  const duration = durationFilter
    ? {
        first: bucketOf(DURATION_BUCKET_STARTS, durationFilter.min ?? 0),
        last:
          durationFilter.max === undefined
            ? DURATION_BUCKET_STARTS.length
            : bucketOf(DURATION_BUCKET_STARTS, durationFilter.max),
      }
    : { first: 0, last: DURATION_BUCKET_STARTS.length };
  const keys = countKeys(teamId, query, hold);
  return keys && { keys, durations: durationsBetween(duration) };
}

/** The days the filter's time range touches (null: open). */
function touchedDays(query: ParsedCallListQuery): { first: number | null; last: number | null } {
  return {
    first: query.from === undefined ? null : Math.floor(instantMs(query.from, 'down') / DAY_MS),
    last: query.to === undefined ? null : Math.floor(instantMs(query.to, 'down') / DAY_MS),
  };
}

/** Walks `counts` (per block or bucket, in reading order) to the one the offset falls in. */
function fallsIn(counts: { key: number; calls: number }[], offset: number): { key: number; before: number } | null {
  let before = 0;
  for (const entry of counts) {
    if (offset < before + entry.calls) {
      return { key: entry.key, before };
    }
    before += entry.calls;
  }
  const last = counts.at(-1);
  return last ? { key: last.key, before: before - last.calls } : null;
}

async function rowsOf(db: Db, statement: SQL): Promise<{ key: number; calls: number }[]> {
  const result = (await db.execute(statement)) as unknown as { rows: { key: number; calls: number }[] };
  return result.rows.map((row) => ({ key: Number(row.key), calls: Number(row.calls) }));
}

/** The lowest level of `call_counts` rows the filter reads: a member's rows start higher. */
function lowestLevel(filter: CallFilter): number {
  return filter.receivedBy ? MEMBER_LEVEL : 0;
}

/**
 * The block of days the offset falls in (first and last day): 64-day blocks, then 8-day blocks,
 * then days (for a member, 8 days at the finest).
 */
async function locateDays(
  db: Db,
  teamId: string,
  query: ParsedCallListQuery,
  order: SortOrder,
  offset: number,
): Promise<{ first: number; last: number } | null> {
  const located = locateKeys(teamId, query);
  if (!located) {
    return null;
  }
  const days = touchedDays(query);
  const direction = order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  let range = { from: days.first, to: days.last };
  let remaining = offset;
  let found: { first: number; last: number } | null = null;
  for (let level = TOP_LEVEL - 1; level >= lowestLevel(query); level -= 1) {
    const size = blockDays(level);
    const blocks = {
      from: range.from === null ? null : Math.floor(range.from / size),
      to: range.to === null ? null : Math.floor(range.to / size),
    };
    const counts = await rowsOf(
      db,
      sql`select counts.block as key, sum(${located.durations})::integer as calls from call_counts as counts
        where ${and(located.keys, ...blockRange(level, blocks))}
        group by counts.block order by counts.block ${direction}`,
    );
    const hit = fallsIn(counts, remaining);
    if (!hit) {
      return null;
    }
    remaining -= hit.before;
    found = { first: hit.key * size, last: hit.key * size + size - 1 };
    // The chosen block's days, within the filter's.
    range = {
      from: range.from === null ? found.first : Math.max(range.from, found.first),
      to: range.to === null ? found.last : Math.min(range.to, found.last),
    };
  }
  return found;
}

/** The hold or duration bucket the offset falls in (bucket 0: no duration). */
async function locateBucket(
  db: Db,
  teamId: string,
  query: ParsedCallListQuery,
  order: SortOrder,
  offset: number,
): Promise<number | null> {
  const located = locateKeys(teamId, query);
  if (!located) {
    return null;
  }
  // The touched days widened to whole blocks of the lowest level: a cover of the range, to locate.
  const days = touchedDays(query);
  const unit = blockDays(lowestLevel(query));
  const blocks = blocksCovering(
    days.first === null ? null : Math.floor(days.first / unit) * unit,
    days.last === null ? null : (Math.floor(days.last / unit) + 1) * unit - 1,
    lowestLevel(query),
  );
  const cover: SQL[] = [];
  if (blocks.listed.length > 0) {
    const wanted = sql.join(
      blocks.listed.map(({ level, block }) => sql`(${literal(level)}, ${literal(block)})`),
      sql`, `,
    );
    cover.push(sql`(counts.level, counts.block) in (${wanted})`);
  }
  if (blocks.top) {
    cover.push(sql`(${and(...blockRange(TOP_LEVEL, blocks.top))})`);
  }
  if (cover.length === 0) {
    return null;
  }
  const inCover = or(...cover);
  const direction = order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const counts =
    query.sort === 'holdSeconds'
      ? await rowsOf(
          db,
          sql`select counts.hold_bucket as key, sum(${located.durations})::integer as calls from call_counts as counts
            where ${and(located.keys, inCover)} group by counts.hold_bucket order by counts.hold_bucket ${direction}`,
        )
      : await rowsOf(
          db,
          sql`select entry.bucket as key,
              sum(entry.total - coalesce(counts.duration_totals[entry.position - 1], 0))::integer as calls
            from call_counts as counts,
              unnest(counts.duration_buckets, counts.duration_totals) with ordinality as entry(bucket, total, position)
            where ${and(located.keys, inCover)}
            group by entry.bucket order by entry.bucket ${direction}`,
        );
  return fallsIn(counts, offset)?.key ?? null;
}

/**
 * A page of the team's calls and the exact total, read in one snapshot (a read-only repeatable-read
 * transaction), so the page and the total agree while calls come in.
 */
export async function listTeamCalls(
  db: Db,
  teamId: string,
  query: ParsedCallListQuery,
  options: { seekBeyond?: number } = {},
): Promise<{ rows: CallRow[]; total: number }> {
  const seekBeyond = options.seekBeyond ?? SEEK_BEYOND;
  return db.transaction(
    async (transaction) => {
      const tx = transaction as unknown as Db;
      const total = await countTeamCalls(tx, teamId, query);
      const offset = (query.current - 1) * query.pageSize;
      if (offset >= total) {
        return { rows: [], total };
      }
      const reversed = offset > total / FROM_THE_END;
      let plan: PagePlan = {
        conditions: [],
        order: reversed ? flip(query.order) : query.order,
        offset: reversed ? Math.max(0, total - offset - query.pageSize) : offset,
        limit: reversed ? Math.min(query.pageSize, total - offset) : query.pageSize,
      };
      if (plan.offset > seekBeyond && textConditions(query).length === 0) {
        plan = await seekPlan(tx, teamId, query, total, plan);
      }
      const read = (conditions: SQL[]) => {
        const page = transaction
          .select({ id: calls.id })
          .from(calls)
          .where(and(...filterConditions(teamId, query), ...conditions))
          .orderBy(...ordering(query.sort, plan.order))
          .limit(plan.limit)
          .offset(plan.offset)
          .as('page');
        return selectRows(tx, false)
          .innerJoin(page, eq(page.id, calls.id))
          .orderBy(...ordering(query.sort, query.order));
      };
      let selected = await read(plan.conditions);
      if (plan.wider && selected.length < plan.limit) {
        selected = await read(plan.wider);
      }
      return { rows: selected.map((row) => toRow(row as SelectedRow)), total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function setFollowUp(db: Db, teamId: string, id: string, followUp: FollowUpState): Promise<boolean> {
  const rows = await db
    .update(calls)
    .set({ followUp })
    .where(and(eq(calls.teamId, teamId), eq(calls.id, id)))
    .returning({ id: calls.id });
  return rows.length > 0;
}

/** The stored files a deleted call leaves behind: its recording and its raw media. */
export interface RemovedCall {
  id: string;
  keys: string[];
}

/**
 * Deletes the team's calls among `ids` (another team's are left alone) with their notes, captions and
 * media rows; answers what went and the files to remove from the store.
 */
export async function deleteTeamCalls(db: Db, teamId: string, ids: readonly string[]): Promise<RemovedCall[]> {
  if (ids.length === 0) {
    return [];
  }
  return db.transaction(async (transaction) => {
    const media = await transaction
      .select({ callId: callMedia.callId, key: callMedia.storageKey })
      .from(callMedia)
      .where(and(eq(callMedia.teamId, teamId), inArray(callMedia.callId, [...ids])));
    const removed = await transaction
      .delete(calls)
      .where(and(eq(calls.teamId, teamId), inArray(calls.id, [...ids])))
      .returning({ id: calls.id, recordingKey: calls.recordingKey });
    return removed.map((call) => ({
      id: call.id,
      keys: [
        ...(call.recordingKey ? [call.recordingKey] : []),
        ...media.filter((item) => item.callId === call.id).map((item) => item.key),
      ],
    }));
  });
}

export type NoteRow = typeof notes.$inferSelect & { authorName: string };

export async function listCallNotes(db: Db, teamId: string, callId: string): Promise<NoteRow[]> {
  const rows = await db
    .select({ note: notes, authorName: users.name })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.teamId, teamId), eq(notes.callId, callId)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  return rows.map((row) => ({ ...row.note, authorName: row.authorName }));
}

export async function findCallNote(
  db: Db,
  teamId: string,
  callId: string,
  noteId: string,
): Promise<NoteRow | undefined> {
  const [row] = await db
    .select({ note: notes, authorName: users.name })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.teamId, teamId), eq(notes.callId, callId), eq(notes.id, noteId)));
  return row && { ...row.note, authorName: row.authorName };
}

export async function insertNote(
  db: Db,
  input: { teamId: string; callId: string; authorId: string; message: string },
): Promise<typeof notes.$inferSelect> {
  const [row] = await db.insert(notes).values(input).returning();
  if (!row) {
    throw new Error('The note was not stored.');
  }
  return row;
}

export async function updateNote(db: Db, id: string, message: string): Promise<typeof notes.$inferSelect | undefined> {
  const [row] = await db.update(notes).set({ message, updatedAt: sql`now()` }).where(eq(notes.id, id)).returning();
  return row;
}

export async function deleteNote(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(notes).where(eq(notes.id, id)).returning({ id: notes.id });
  return rows.length > 0;
}

/** The API's view of a note, with what the viewer may do to it. */
export function toNote(row: NoteRow, viewer: { userId: string; role: 'admin' | 'user' }): Note {
  const mine = row.authorId === viewer.userId;
  return {
    id: row.id,
    callId: row.callId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    message: row.message,
    enteredBy: { id: row.authorId, name: row.authorName },
    canEdit: mine,
    canDelete: mine || viewer.role === 'admin',
  };
}
