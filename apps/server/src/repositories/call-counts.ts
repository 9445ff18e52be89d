/**
 * How the call history counts a filter exactly without reading every call: the aligned part of the
 * filter comes from `call_counts` (rows kept by triggers in the same transaction, migration 0004),
 * and what the rows cannot answer — the ends of the time range, a hold or duration bound inside a
 * bucket — is counted from the calls themselves, from the covering indexes. Both parts run in one
 * statement, so they read one snapshot: the total is exact, never cached nor estimated.
 *
 * This module holds the arithmetic (buckets, time blocks); `call-filter.ts` builds the SQL from it.
 */

/** The lower bound of each hold-time bucket, in seconds (migration 0004, `call_hold_bucket`). */
export const HOLD_BUCKET_STARTS: readonly number[] = [
  ...Array.from({ length: 30 }, (_value, index) => index),
  30,
  32,
  34,
  36,
  38,
  40,
  45,
  50,
  55,
  60,
  70,
  80,
  90,
  100,
  110,
  120,
  150,
  180,
  210,
  240,
  270,
  300,
  360,
  420,
  480,
  540,
  600,
  900,
  1200,
  1800,
  3600,
  7200,
  14400,
  86400,
];

/** The lower bound of each duration bucket, in seconds (migration 0004, `call_duration_bucket`). */
export const DURATION_BUCKET_STARTS: readonly number[] = [
  ...Array.from({ length: 60 }, (_value, index) => index * 10),
  ...Array.from({ length: 10 }, (_value, index) => 600 + index * 60),
  ...Array.from({ length: 8 }, (_value, index) => 1200 + index * 300),
  3600,
  4500,
  5400,
  7200,
  10800,
  14400,
  21600,
  43200,
  86400,
];

/** Levels of time blocks: a block at level L is 8^L days (1, 8, 64, 512). */
export const BLOCK_BASE = 8;
export const TOP_LEVEL = 3;
/** A member's rows start at this level (a team's at 0). */
export const MEMBER_LEVEL = 1;
export const DAY_MS = 86_400_000;

/** The days in a block at `level`. */
export function blockDays(level: number): number {
  return BLOCK_BASE ** level;
}

/** Whole seconds, both bounds inclusive; a bound left out is open. */
export interface SecondsRange {
  min?: number | undefined;
  max?: number | undefined;
}

/** Inclusive values in seconds; `max` null means no upper bound. */
export interface ValueRange {
  min: number;
  max: number | null;
}

export interface BucketSplit {
  /** The buckets (1-based, as `width_bucket` numbers them) that lie wholly inside the range, or null. */
  full: { first: number; last: number } | null;
  /** The values inside the range that are not in a full bucket (at most two runs). */
  partial: ValueRange[];
}

/** The bucket (1-based) that holds `value`. */
export function bucketOf(starts: readonly number[], value: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= value) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low + 1;
}

/** The first value of bucket `bucket` (1-based) and the last one (null: unbounded). */
function bucketBounds(starts: readonly number[], bucket: number): ValueRange {
  const next = starts[bucket];
  return { min: starts[bucket - 1] ?? 0, max: next === undefined ? null : next - 1 };
}

/** The values of the buckets `first`…`last`. */
export function bucketValues(starts: readonly number[], first: number, last: number): ValueRange {
  return { min: bucketBounds(starts, first).min, max: bucketBounds(starts, last).max };
}

/**
 * Splits a range of seconds into whole buckets and the values left over, for values of 0 and more.
 * No bounds: every bucket is whole.
 */
export function splitSeconds(starts: readonly number[], range: SecondsRange): BucketSplit {
  const min = range.min ?? 0;
  const max = range.max ?? null;
  if (max !== null && max < min) {
    return { full: null, partial: [] };
  }
  const firstBucket = bucketOf(starts, min);
  const lastBucket = max === null ? starts.length : bucketOf(starts, max);
  const first = bucketBounds(starts, firstBucket).min === min ? firstBucket : firstBucket + 1;
  const lastBounds = bucketBounds(starts, lastBucket);
  const last = lastBounds.max === max ? lastBucket : lastBucket - 1;
  if (first > last) {
    return { full: null, partial: [{ min, max }] };
  }
  const partial: ValueRange[] = [];
  if (first > firstBucket) {
    partial.push({ min, max: bucketBounds(starts, firstBucket).max });
  }
  if (last < lastBucket) {
    partial.push({ min: lastBounds.min, max });
  }
  return { full: { first, last }, partial };
}

/** A set of time blocks: listed ones, and at the top level an inclusive run (open ends: null). */
export interface BlockSet {
  listed: { level: number; block: number }[];
  top: { from: number | null; to: number | null } | null;
}

/**
 * The fewest blocks that cover the days `firstDay`…`lastDay` (days since 1970-01-01 UTC; null: open),
 * from `lowest` up: at most seven a side at each level below the top, and a run of top-level blocks.
 * The days must start and end on blocks of the lowest level.
 */
export function blocksCovering(firstDay: number | null, lastDay: number | null, lowest = 0): BlockSet {
  const listed: { level: number; block: number }[] = [];
  let start = firstDay;
  let end = lastDay;
  if (start !== null && end !== null && start > end) {
    return { listed, top: null };
  }
  for (let level = lowest; level < TOP_LEVEL; level += 1) {
    const size = blockDays(level);
    const parent = size * BLOCK_BASE;
    while (start !== null && (end === null || start + size - 1 <= end) && start % parent !== 0) {
      listed.push({ level, block: Math.floor(start / size) });
      start += size;
    }
    while (end !== null && (start === null || end - size + 1 >= start) && (end + 1) % parent !== 0) {
      listed.push({ level, block: Math.floor((end - size + 1) / size) });
      end -= size;
    }
    if (start !== null && end !== null && start > end) {
      return { listed, top: null };
    }
  }
  const size = blockDays(TOP_LEVEL);
  return {
    listed,
    top: { from: start === null ? null : Math.floor(start / size), to: end === null ? null : Math.floor(end / size) },
  };
}

/** An instant as milliseconds, rounded down or up when the text carries finer digits than milliseconds. */
export function instantMs(value: string, round: 'down' | 'up'): number {
  const ms = Date.parse(value);
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  const finer = fraction.length > 3 && /[1-9]/.test(fraction.slice(3));
  return round === 'up' && finer ? ms + 1 : ms;
}

export interface TimeSplit {
  /** The whole blocks of `unitDays` inside the range, as days (null: open), or null when there is none. */
  days: { first: number | null; last: number | null } | null;
  /** Milliseconds where the whole days start and end (end exclusive); null when open. */
  fullStartMs: number | null;
  fullEndMs: number | null;
}

/**
 * The whole UTC days inside `from`…`to` (both inclusive), in whole blocks of `unitDays` (1, or 8 for
 * a member's rows); what lies outside them is counted call by call.
 */
export function splitTime(from: string | undefined, to: string | undefined, unitDays = 1): TimeSplit {
  const unitMs = unitDays * DAY_MS;
  const first = from === undefined ? null : Math.ceil(instantMs(from, 'up') / unitMs) * unitDays;
  // A block is whole when its last instant is in the range: its end ≤ to.
  const last = to === undefined ? null : Math.floor(instantMs(to, 'down') / unitMs) * unitDays - 1;
  if (first !== null && last !== null && first > last) {
    return { days: null, fullStartMs: null, fullEndMs: null };
  }
  return {
    days: { first, last },
    fullStartMs: first === null ? null : first * DAY_MS,
    fullEndMs: last === null ? null : (last + 1) * DAY_MS,
  };
}
