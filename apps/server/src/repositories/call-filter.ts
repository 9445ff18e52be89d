import { CALL_TEXT_COUNT_LIMIT, type ParsedCallListQuery } from '@parley/api';
import { and, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls } from '../db/schema';
import {
  blockDays,
  blocksCovering,
  bucketValues,
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

/** What the call history filters on: the list query without its paging and order. */
export type CallFilter = Omit<ParsedCallListQuery, 'current' | 'pageSize' | 'sort' | 'order'>;

/** The member id of the `call_counts` rows that count every call of a team. */
const EVERY_MEMBER = '00000000-0000-0000-0000-000000000000';

/** The request's values a list statement takes as parameters (see `listValues`). */
export type ListValues = {
  teamId: string;
  /** The member of `call_counts` rows: the filter's, or every member's. */
  member: string;
  receivedBy: string | undefined;
  callerPattern: string | undefined;
  words: string | undefined;
  from: string | undefined;
  to: string | undefined;
};

/**
 * How a statement takes a value of the request: as it is, or as the named placeholder of a
 * prepared statement (built once for every request of its shape; the value comes at execution).
 */
export type Bind = <Name extends keyof ListValues>(name: Name, value: ListValues[Name]) => ListValues[Name];

/** Values go into the statement as they are. */
export const inline: Bind = (_name, value) => value;

/** Values become placeholders named as in `ListValues`. */
export const placeholders: Bind = (name) => sql.placeholder(name) as Placeholder as never;

/** `%`, `_` and `\` typed in a search box are searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A whole number put in the statement as it is (bucket and block numbers the server computed). */
export function literal(value: number): SQL {
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

/** An instant as ISO 8601 text, for `::timestamptz` in a statement. */
export function instant(ms: number): string {
  return new Date(ms).toISOString();
}

/** Tabs, yes/no filters and the member: what `call_counts` rows are keyed by. */
function categoryConditions(filter: CallFilter, bind: Bind): SQL[] {
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
    conditions.push(eq(calls.receivedBy, bind('receivedBy', filter.receivedBy) as string));
  }
  return conditions;
}

/** The words a transcript search looks for; none when the text holds no letter or digit. */
export function transcriptWords(filter: CallFilter): string | undefined {
  return filter.transcript && /[\p{L}\p{N}]/u.test(filter.transcript) ? filter.transcript : undefined;
}

/** The name and transcript searches: what `call_counts` cannot answer. */
export function textConditions(filter: CallFilter, bind: Bind = inline): SQL[] {
  const conditions: SQL[] = [];
  if (filter.callerName) {
    conditions.push(sql`${calls.callerName} ilike ${bind('callerPattern', likePattern(filter.callerName))}`);
  }
  const words = transcriptWords(filter);
  if (words) {
    conditions.push(sql`${calls.transcriptSearch} @@ plainto_tsquery('simple', ${bind('words', words)})`);
  }
  return conditions;
}

function holdRange(filter: CallFilter): SecondsRange | null {
  return filter.holdMin === undefined && filter.holdMax === undefined
    ? null
    : { min: filter.holdMin, max: filter.holdMax };
}

/** The filter's duration bounds; null when it has none. */
export function durationRange(filter: CallFilter): SecondsRange | null {
  return filter.durationMin === undefined && filter.durationMax === undefined
    ? null
    : { min: filter.durationMin, max: filter.durationMax };
}

function rangeValues(range: SecondsRange): ValueRange {
  return { min: range.min ?? 0, max: range.max ?? null };
}

/** Every condition of the filter, for the page (and for the total when text is searched). */
export function filterConditions(teamId: string, filter: CallFilter, bind: Bind = inline): SQL[] {
  const conditions: SQL[] = [eq(calls.teamId, bind('teamId', teamId)), ...categoryConditions(filter, bind)];
  if (filter.from) {
    conditions.push(sql`${calls.incomingAt} >= ${bind('from', filter.from)}::timestamptz`);
  }
  if (filter.to) {
    conditions.push(sql`${calls.incomingAt} <= ${bind('to', filter.to)}::timestamptz`);
  }
  const hold = holdRange(filter);
  if (hold) {
    conditions.push(between(calls.holdSeconds, rangeValues(hold)));
  }
  const duration = durationRange(filter);
  if (duration) {
    conditions.push(between(calls.durationSeconds, rangeValues(duration)));
  }
  return [...conditions, ...textConditions(filter, bind)];
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
export function countStatement(
  teamId: string,
  filter: CallFilter,
  textCountLimit = CALL_TEXT_COUNT_LIMIT,
  bind: Bind = inline,
): SQL {
  const base: SQL[] = [eq(calls.teamId, bind('teamId', teamId)), ...categoryConditions(filter, bind)];
  const text = textConditions(filter, bind);
  if (text.length > 0) {
    // A text search reads the rows themselves; past the cap it stops counting (listTeamCalls says '+').
    return sql`select (select count(*)::integer from (select 1 from ${calls} where ${and(
      ...filterConditions(teamId, filter, bind),
    )} limit ${literal(textCountLimit + 1)}) as matched) as total`;
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
    return sql`select ${countOf(filterConditions(teamId, filter, bind))} as total`;
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
        sql`${calls.incomingAt} >= ${bind('from', filter.from)}::timestamptz`,
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
        sql`${calls.incomingAt} <= ${bind('to', filter.to)}::timestamptz`,
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
        countedRows(
          teamId,
          filter,
          time.days,
          hold.full,
          { first: durationBuckets.first, last: durationBuckets.last },
          bind,
        ),
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
export function countKeys(
  teamId: string,
  filter: CallFilter,
  hold: { first: number; last: number },
  bind: Bind = inline,
): SQL | null {
  const keys: SQL[] = [
    sql`counts.team_id = ${bind('teamId', teamId)}`,
    sql`counts.member_id = ${bind('member', memberOf(filter))}`,
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
export function durationsBetween(duration: { first: number; last: number }): SQL {
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
  bind: Bind,
): SQL {
  const keys = countKeys(teamId, filter, hold, bind);
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
export function blockRange(level: number, range: { from: number | null; to: number | null }): SQL[] {
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
/**
 * The number of the team's calls that match the filter: exact, except that a text search stops at
 * `textCountLimit` + 1 (more than the limit).
 */
export async function countTeamCalls(
  db: Db,
  teamId: string,
  filter: CallFilter,
  textCountLimit = CALL_TEXT_COUNT_LIMIT,
): Promise<number> {
  const result = (await db.execute(countStatement(teamId, filter, textCountLimit))) as unknown as {
    rows: { total: number }[];
  };
  return Number(result.rows[0]?.total ?? 0);
}

/** The member whose `call_counts` rows count the filter's calls: the filter's, or every member. */
function memberOf(filter: CallFilter): string {
  return filter.receivedBy ?? EVERY_MEMBER;
}

/** The values of a list statement built with `placeholders`, from the request. */
export function listValues(teamId: string, filter: CallFilter): ListValues {
  return {
    teamId,
    member: memberOf(filter),
    receivedBy: filter.receivedBy,
    callerPattern: filter.callerName ? likePattern(filter.callerName) : undefined,
    words: transcriptWords(filter),
    from: filter.from,
    to: filter.to,
  };
}

/** The lowest level of `call_counts` rows the filter reads: a member's rows start higher. */
export function lowestLevel(filter: CallFilter): number {
  return filter.receivedBy ? MEMBER_LEVEL : 0;
}
