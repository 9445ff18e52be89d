import { CALL_TEXT_COUNT_LIMIT, type CallSortField, type ParsedCallListQuery, type SortOrder } from '@parley/api';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls, users, videos } from '../db/schema';
import {
  blockDays,
  blocksCovering,
  bucketOf,
  bucketValues,
  DAY_MS,
  DURATION_BUCKET_STARTS,
  HOLD_BUCKET_STARTS,
  instantMs,
  TOP_LEVEL,
} from './call-counts';
import {
  blockRange,
  countKeys,
  countStatement,
  countTeamCalls,
  durationRange,
  durationsBetween,
  filterConditions,
  instant,
  type ListValues,
  listValues,
  literal,
  lowestLevel,
  placeholders,
  textConditions,
  transcriptWords,
} from './call-filter';
import { type CallRow, rowColumns, type SelectedRow, selectRows, toRow } from './calls';

/**
 * Where the calls without a duration (missed calls) come in a reading order: last in the order a
 * member asks for, whichever way Duration sorts; first when that order is read backwards.
 */
type Nulls = 'first' | 'last';

function flipNulls(nulls: Nulls): Nulls {
  return nulls === 'first' ? 'last' : 'first';
}

/** The order of a page, the serial number breaking ties; a missed call has no duration and comes `nulls`. */
function ordering(sort: CallSortField, order: SortOrder, nulls: Nulls = 'last'): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  switch (sort) {
    case 'incomingAt':
      return [direction(calls.incomingAt), direction(calls.serialNumber)];
    case 'holdSeconds':
      return [direction(calls.holdSeconds), direction(calls.serialNumber)];
    case 'durationSeconds':
      return [
        sql`${calls.durationSeconds} ${sql.raw(order === 'asc' ? 'asc' : 'desc')} nulls ${sql.raw(nulls)}`,
        direction(calls.serialNumber),
      ];
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
   * The same rows with the calls without a duration too, which the reading order puts last: needed
   * only when the page runs past the last call with one (the narrower form is an index range).
   */
  wider?: SQL[];
  order: SortOrder;
  /** Where the calls without a duration come in this reading order. */
  nulls: Nulls;
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
  const { order, nulls, offset, limit } = plan;
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
    const bucket = await locateBucket(db, teamId, query, order, nulls, offset);
    if (bucket === null) {
      return plan;
    }
    const column = query.sort === 'holdSeconds' ? calls.holdSeconds : calls.durationSeconds;
    const minimum = query.sort === 'holdSeconds' ? 'holdMin' : 'durationMin';
    const atLeast = async (seconds: number) =>
      countTeamCalls(db, teamId, { ...query, [minimum]: Math.max(query[minimum] ?? 0, seconds) });
    const nullable = query.sort === 'durationSeconds';
    // Buckets count from 1; bucket 0 holds the calls without a duration.
    if (bucket === 0 && nulls === 'first') {
      // Read first: there is nothing before them to skip.
      return plan;
    }
    const withValue = nullable ? await atLeast(0) : total;
    // The calls without a duration come before the boundary when the reading order puts them first.
    const nullsBefore = nulls === 'first' ? total - withValue : 0;
    if (bucket === 0) {
      rowsBefore = withValue;
      before = sql`${column} is not null`;
      after = sql`${column} is null`;
    } else if (order === 'asc') {
      const start = starts[bucket - 1] ?? 0;
      rowsBefore = nullsBefore + withValue - (await atLeast(start));
      before = sql`${column} < ${literal(start)}`;
      after = sql`${column} >= ${literal(start)}`;
      if (nullable && nulls === 'first') {
        widerBefore = sql`(${column} is null or ${column} < ${literal(start)})`;
      } else if (nullable) {
        widerAfter = sql`(${column} is null or ${column} >= ${literal(start)})`;
      }
    } else {
      const end = bucketValues(starts, bucket, bucket).max;
      if (end === null) {
        return plan;
      }
      rowsBefore = nullsBefore + (await atLeast(end + 1));
      before = sql`${column} > ${literal(end)}`;
      after = sql`${column} <= ${literal(end)}`;
      if (nullable && nulls === 'first') {
        widerBefore = sql`(${column} is null or ${column} > ${literal(end)})`;
      } else if (nullable) {
        widerAfter = sql`(${column} is null or ${column} <= ${literal(end)})`;
      }
    }
  }
  if (rowsBefore <= offset) {
    return {
      conditions: [after],
      ...(widerAfter ? { wider: [widerAfter] } : {}),
      order,
      nulls,
      offset: offset - rowsBefore,
      limit,
    };
  }
  // The boundary overshot: the page lies among the rows before it, read backwards from it.
  return {
    conditions: [before],
    ...(widerBefore ? { wider: [widerBefore] } : {}),
    order: flip(order),
    nulls: flipNulls(nulls),
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
  nulls: Nulls,
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
            group by entry.bucket order by entry.bucket = 0 ${sql.raw(nulls === 'first' ? 'desc' : 'asc')}, entry.bucket ${direction}`,
        );
  return fallsIn(counts, offset)?.key ?? null;
}

/** Pages that start before this row are read with their total in one statement, prepared per shape. */
const FIRST_PAGES = 500;
/**
 * Named statements, which each connection parses once and PostgreSQL may plan once: the first shapes
 * without ranges (a bounded set: filters present, order, page size), and fewer with ranges, whose
 * bounds are part of the text and so without end. A named statement lives as long as its connection.
 */
const NAMED_SHAPES = { plain: 64, ranged: 32 };
/** Unnamed statements of the other shapes kept built: this many, the least recently used forgotten. */
const UNNAMED_SHAPES = 256;

/**
 * What a first-pages statement's text depends on: everything but the values it takes as parameters
 * (`ListValues`, and the offset of a page after the first). Two queries of one shape read through one
 * statement. The page size, and whether the page is the first, are written into the text: PostgreSQL
 * plans a limit and an offset it does not know as a tenth of the calls, and only with them known can
 * it keep one plan for the statement instead of planning it again at each request (most of 1 ms).
 */
function shapeOf(query: ParsedCallListQuery, textCountLimit: number): { key: string; ranged: boolean; text: boolean } {
  // Hold and duration bounds and the time range decide the `call_counts` blocks and buckets written into the count.
  const ranges = [query.from, query.to, query.holdMin, query.holdMax, query.durationMin, query.durationMax];
  const key = JSON.stringify([
    query.tab,
    query.answered,
    query.messageLeft,
    Boolean(query.receivedBy),
    Boolean(query.callerName),
    transcriptWords(query) !== undefined,
    query.sort,
    query.order,
    query.pageSize,
    query.current === 1,
    textCountLimit,
    ...ranges,
  ]);
  return {
    key,
    ranged: ranges.some((value) => value !== undefined),
    text: Boolean(query.callerName) || transcriptWords(query) !== undefined,
  };
}

/** A first-pages statement of one shape: the page's rows, each with the total; one row with no call when the page is empty. */
function firstPagesStatement(db: Db, query: ParsedCallListQuery, textCountLimit: number, name: string | undefined) {
  // The team, like every value in `ListValues`, is a placeholder here: it comes at execution.
  const page = db
    .select({ id: calls.id })
    .from(calls)
    .where(and(...filterConditions('', query, placeholders)))
    .orderBy(...ordering(query.sort, query.order))
    // Drizzle sends a number as a parameter; a statement's literal goes in as SQL.
    .limit(literal(query.pageSize) as unknown as number)
    .offset(query.current === 1 ? 0 : sql.placeholder('offset'))
    .as('page');
  const counted = countStatement('', query, textCountLimit, placeholders);
  return (
    db
      .select({ ...rowColumns, total: sql<number>`counted.total` })
      .from(calls)
      .leftJoin(users, eq(users.id, calls.receivedBy))
      .leftJoin(videos, eq(videos.id, calls.messageVideoId))
      .innerJoin(page, eq(page.id, calls.id))
      .rightJoin(sql`(${counted}) as counted`, sql`true`)
      .orderBy(...ordering(query.sort, query.order))
      // Without a name, the driver sends the text with each execution (an unnamed statement).
      .prepare(name as string)
  );
}

type FirstPagesStatement = ReturnType<typeof firstPagesStatement>;

interface ShapeCache {
  named: Map<string, FirstPagesStatement>;
  namedRanged: number;
  unnamed: Map<string, FirstPagesStatement>;
}

const shapeCaches = new WeakMap<Db, ShapeCache>();

/**
 * The statement of the query's shape, built the first time: named while there are few (see
 * `NAMED_SHAPES`), otherwise unnamed and kept among the recently used. A name or transcript search
 * is never named: how many calls match depends on the words, and a named statement's plan, once
 * PostgreSQL keeps one for all values, served a word in nearly every call the way it serves a rare
 * one (through the whole word index: 150 to 220 ms at 1,000,000 calls, against 9 to 40 ms planned
 * for the words at hand). An unnamed statement is planned for its values at each execution.
 */
export function shapeStatement(db: Db, query: ParsedCallListQuery, textCountLimit: number): FirstPagesStatement {
  let cache = shapeCaches.get(db);
  if (!cache) {
    cache = { named: new Map(), namedRanged: 0, unnamed: new Map() };
    shapeCaches.set(db, cache);
  }
  const shape = shapeOf(query, textCountLimit);
  const named = cache.named.get(shape.key);
  if (named) {
    return named;
  }
  const recent = cache.unnamed.get(shape.key);
  if (recent) {
    // Most recently used last.
    cache.unnamed.delete(shape.key);
    cache.unnamed.set(shape.key, recent);
    return recent;
  }
  const namedPlain = cache.named.size - cache.namedRanged;
  if (!shape.text && (shape.ranged ? cache.namedRanged < NAMED_SHAPES.ranged : namedPlain < NAMED_SHAPES.plain)) {
    const statement = firstPagesStatement(db, query, textCountLimit, `call_list_${cache.named.size + 1}`);
    cache.named.set(shape.key, statement);
    cache.namedRanged += shape.ranged ? 1 : 0;
    return statement;
  }
  const statement = firstPagesStatement(db, query, textCountLimit, undefined);
  cache.unnamed.set(shape.key, statement);
  const oldest = cache.unnamed.keys().next().value;
  if (cache.unnamed.size > UNNAMED_SHAPES && oldest !== undefined) {
    cache.unnamed.delete(oldest);
  }
  return statement;
}

/**
 * A page of the team's calls and the exact total, read in one snapshot so the page and the total
 * agree while calls come in. The first pages are one statement of the query's shape, prepared once;
 * a page further on is read in a read-only repeatable-read transaction, from the other end past the
 * middle and through `call_counts` when deep.
 */
export async function listTeamCalls(
  db: Db,
  teamId: string,
  query: ParsedCallListQuery,
  options: { seekBeyond?: number; textCountLimit?: number; firstPages?: number } = {},
): Promise<{ rows: CallRow[]; total: number; totalCapped: boolean }> {
  const seekBeyond = options.seekBeyond ?? SEEK_BEYOND;
  const textCountLimit = options.textCountLimit ?? CALL_TEXT_COUNT_LIMIT;
  const offset = (query.current - 1) * query.pageSize;
  // A deep-page test (seekBeyond 0) reads every page the long way.
  if (offset < Math.min(options.firstPages ?? FIRST_PAGES, seekBeyond)) {
    const values: ListValues & { offset: number } = { ...listValues(teamId, query), offset };
    const selected = await shapeStatement(db, query, textCountLimit).execute(values);
    const counted = Number(selected[0]?.total ?? 0);
    const totalCapped = textConditions(query).length > 0 && counted > textCountLimit;
    return {
      rows: selected.filter((row) => row.call.id !== null).map((row) => toRow(row as SelectedRow)),
      total: totalCapped ? textCountLimit : counted,
      totalCapped,
    };
  }
  return db.transaction(
    async (transaction) => {
      const tx = transaction as unknown as Db;
      const counted = await countTeamCalls(tx, teamId, query, textCountLimit);
      // A text search with more matches than the limit: the total is the limit, and '+'. Other
      // filters count exactly from call_counts, however many.
      const totalCapped = textConditions(query).length > 0 && counted > textCountLimit;
      const total = totalCapped ? textCountLimit : counted;
      if (offset >= total && !totalCapped) {
        return { rows: [], total, totalCapped };
      }
      // Pages past the middle are read from the end only when the end is known.
      const reversed = !totalCapped && offset > total / FROM_THE_END;
      let plan: PagePlan = {
        conditions: [],
        order: reversed ? flip(query.order) : query.order,
        nulls: reversed ? 'first' : 'last',
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
          .orderBy(...ordering(query.sort, plan.order, plan.nulls))
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
      return { rows: selected.map((row) => toRow(row as SelectedRow)), total, totalCapped };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
