import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_BASE,
  blockDays,
  blocksCovering,
  bucketOf,
  DAY_MS,
  DURATION_BUCKET_STARTS,
  HOLD_BUCKET_STARTS,
  instantMs,
  splitSeconds,
  splitTime,
  TOP_LEVEL,
} from './call-counts';

/** The days a block set covers, as a sorted list (open ends cut at `low`/`high`). */
function coveredDays(set: ReturnType<typeof blocksCovering>, low: number, high: number): number[] {
  const days: number[] = [];
  for (const { level, block } of set.listed) {
    const size = blockDays(level);
    for (let day = block * size; day < (block + 1) * size; day += 1) {
      days.push(day);
    }
  }
  if (set.top) {
    const size = blockDays(TOP_LEVEL);
    const first = set.top.from ?? Math.floor(low / size);
    const last = set.top.to ?? Math.floor(high / size);
    for (let block = first; block <= last; block += 1) {
      for (let day = block * size; day < (block + 1) * size; day += 1) {
        days.push(day);
      }
    }
  }
  return days.sort((left, right) => left - right);
}

describe('bucket boundaries', () => {
  it('start at 0 and rise', () => {
    for (const starts of [HOLD_BUCKET_STARTS, DURATION_BUCKET_STARTS]) {
      expect(starts[0]).toBe(0);
      expect(starts.every((start, index) => index === 0 || start > (starts[index - 1] ?? 0))).toBe(true);
    }
  });

  it('match the migration (call_hold_bucket, call_duration_bucket)', async () => {
    const { readFileSync } = await import('node:fs');
    const migration = readFileSync(new URL('../db/migrations/0004_call_counts.sql', import.meta.url), 'utf8');
    const arrays = [...migration.matchAll(/width_bucket\(seconds, '\{([\d,]+)\}'::integer\[\]\)/g)].map((match) =>
      (match[1] ?? '').split(',').map(Number),
    );
    expect(arrays).toEqual([[...HOLD_BUCKET_STARTS], [...DURATION_BUCKET_STARTS]]);
  });

  it('finds the bucket of a value as width_bucket does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (value) => {
        const expected = HOLD_BUCKET_STARTS.filter((start) => start <= value).length;
        expect(bucketOf(HOLD_BUCKET_STARTS, value)).toBe(expected);
      }),
    );
  });
});

describe('splitSeconds', () => {
  const starts = [0, 10, 20, 30];

  it('keeps whole buckets and the values a bound cuts off', () => {
    expect(splitSeconds(starts, {})).toEqual({ full: { first: 1, last: 4 }, partial: [] });
    expect(splitSeconds(starts, { min: 10, max: 29 })).toEqual({ full: { first: 2, last: 3 }, partial: [] });
    expect(splitSeconds(starts, { min: 3, max: 25 })).toEqual({
      full: { first: 2, last: 2 },
      partial: [
        { min: 3, max: 9 },
        { min: 20, max: 25 },
      ],
    });
    expect(splitSeconds(starts, { min: 3, max: 15 })).toEqual({ full: null, partial: [{ min: 3, max: 15 }] });
    expect(splitSeconds(starts, { min: 35 })).toEqual({ full: null, partial: [{ min: 35, max: null }] });
    expect(splitSeconds(starts, { min: 30 })).toEqual({ full: { first: 4, last: 4 }, partial: [] });
    expect(splitSeconds(starts, { max: 0 })).toEqual({ full: null, partial: [{ min: 0, max: 0 }] });
  });

  it('covers every value of the range exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4000 }),
        fc.option(fc.integer({ min: 0, max: 4000 }), { nil: undefined }),
        (min, max) => {
          const split = splitSeconds(HOLD_BUCKET_STARTS, { min, max });
          // One expect per run, not per value: 250,000 expects took over 5 s on a busy machine.
          const wrong: number[] = [];
          for (let value = 0; value <= 4100; value += 1) {
            const inRange = value >= min && (max === undefined || value <= max);
            const bucket = bucketOf(HOLD_BUCKET_STARTS, value);
            const inFull = split.full !== null && bucket >= split.full.first && bucket <= split.full.last;
            const inPartial = split.partial.filter(
              (part) => value >= part.min && (part.max === null || value <= part.max),
            ).length;
            if (Number(inFull) + inPartial !== Number(inRange)) {
              wrong.push(value);
            }
          }
          expect(wrong).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('blocksCovering', () => {
  it('covers the days exactly, without overlap, with few blocks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 18_000, max: 22_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.boolean(),
        fc.boolean(),
        (first, length, openStart, openEnd) => {
          const last = first + length;
          const set = blocksCovering(openStart ? null : first, openEnd ? null : last);
          const low = openStart ? 17_920 : first;
          const high = openEnd ? 22_527 : last;
          const days = coveredDays(set, low, high);
          const expected = Array.from({ length: high - low + 1 }, (_value, index) => low + index);
          if (openStart || openEnd) {
            // Open ends reach to the edges of the top-level blocks.
            expect(days.filter((day) => day >= low && day <= high)).toEqual(expected);
            expect(new Set(days).size).toBe(days.length);
            if (!openStart) {
              expect(days[0]).toBe(first);
            }
            if (!openEnd) {
              expect(days.at(-1)).toBe(last);
            }
          } else {
            expect(days).toEqual(expected);
          }
          expect(set.listed.length).toBeLessThanOrEqual(2 * (BLOCK_BASE - 1) * TOP_LEVEL);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('starts at a higher level for a member’s rows (whole 8-day blocks)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2_300, max: 2_700 }), fc.integer({ min: 0, max: 300 }), (firstBlock, length) => {
        const first = firstBlock * 8;
        const last = (firstBlock + length + 1) * 8 - 1;
        const set = blocksCovering(first, last, 1);
        expect(set.listed.every(({ level }) => level >= 1)).toBe(true);
        expect(coveredDays(set, first, last)).toEqual(
          Array.from({ length: last - first + 1 }, (_value, index) => first + index),
        );
      }),
    );
  });

  it('is empty for an empty range', () => {
    expect(blocksCovering(20_000, 19_999)).toEqual({ listed: [], top: null });
  });
});

describe('splitTime', () => {
  it('finds the whole UTC days of a range', () => {
    const day = Date.UTC(2026, 0, 10) / DAY_MS;
    expect(splitTime('2026-01-10T00:00:00Z', '2026-01-12T00:00:00Z')).toMatchObject({
      days: { first: day, last: day + 1 },
    });
    // The last millisecond of a day does not reach the next midnight: that day is counted call by call.
    expect(splitTime('2026-01-10T00:00:00.001Z', '2026-01-12T23:59:59.999Z')).toMatchObject({
      days: { first: day + 1, last: day + 1 },
    });
    expect(splitTime('2026-01-10T01:00:00+02:00', undefined)).toMatchObject({ days: { first: day, last: null } });
    expect(splitTime('2026-01-10T05:00:00+02:00', undefined)).toMatchObject({ days: { first: day + 1, last: null } });
    expect(splitTime(undefined, undefined)).toMatchObject({ days: { first: null, last: null } });
    expect(splitTime('2026-01-10T01:00:00Z', '2026-01-10T23:00:00Z').days).toBeNull();
  });

  it('finds whole 8-day blocks for a member’s rows', () => {
    const block = Math.ceil(Date.UTC(2026, 0, 10) / (8 * DAY_MS));
    const split = splitTime('2026-01-10T00:00:00Z', '2026-03-10T00:00:00Z', 8);
    expect(split.days?.first).toBe(block * 8);
    expect(((split.days?.last ?? 0) + 1) % 8).toBe(0);
    expect(split.fullEndMs).toBeLessThanOrEqual(Date.UTC(2026, 2, 10));
  });

  it('rounds an instant finer than milliseconds outwards', () => {
    expect(instantMs('2026-01-10T00:00:00.000500Z', 'up')).toBe(Date.UTC(2026, 0, 10) + 1);
    expect(instantMs('2026-01-10T00:00:00.000500Z', 'down')).toBe(Date.UTC(2026, 0, 10));
    expect(instantMs('2026-01-10T00:00:00.000000Z', 'up')).toBe(Date.UTC(2026, 0, 10));
  });
});
