import { randomUUID } from 'node:crypto';
import type { CallListQuery, CallSortField, SortOrder } from '@parley/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls, captions, notes, videos } from '../src/db/schema';
import { DURATION_BUCKET_STARTS, HOLD_BUCKET_STARTS } from '../src/repositories/call-counts';
import { videoKey } from '../src/services/storage/store';

/** A call as the tests stored it, for the reference the API is checked against. */
export interface StoredCall {
  id: string;
  teamId: string;
  serialNumber: number;
  incomingAt: number;
  callerName: string;
  receivedBy: string | null;
  answered: boolean;
  holdSeconds: number;
  durationSeconds: number | null;
  messageVideoId: string | null;
  transcript: string | null;
  notes: number;
  captions: boolean;
}

/** A seeded generator: every run stores the same calls. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export const CALLER_NAMES = [
  'Ada Lovelace',
  'ada lovelace',
  'Grace Hopper',
  'Zoë Müller',
  'Élodie Martin',
  "Seán O'Brien",
  'Percent 100% Sure',
  'Under_Score',
  'Back\\Slash',
  'Marie Curie',
  'Mario Rossi',
  'Guest 4821',
  '',
];
const WORDS = ['refund', 'password', 'reset', 'invoice', 'delivery', 'Hello', 'THANKS', 'camera', 'slack', 'order'];

/** The start of the calls' time span: about 400 days, so every level of time block is used. */
export const SPAN_START = Date.UTC(2025, 8, 1);
export const SPAN_DAYS = 400;

/** Values that sit on, just inside and just outside bucket boundaries. */
export const EDGE_SECONDS = [
  0, 1, 2, 29, 30, 31, 33, 38, 39, 40, 44, 45, 47, 59, 60, 61, 89, 119, 120, 121, 299, 300, 599, 600, 601, 1199, 1200,
  3599, 3600, 3601, 7200, 90_000,
];

/**
 * `count` calls of the team over ~400 days: a quarter missed (some with a video message), hold and
 * duration spread over bucket edges and ties, several calls at the very same instant, some notes and
 * caption cues. Stored directly, as the live call would.
 */
export async function seedCalls(
  app: FastifyInstance,
  teamId: string,
  members: { id: string }[],
  count: number,
  seed: number,
  firstSerial = 1,
): Promise<StoredCall[]> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const owner = members[0]?.id;
  if (!owner) {
    throw new Error('The team needs a member.');
  }
  const stored: StoredCall[] = [];
  const videoRows: (typeof videos.$inferInsert)[] = [];
  let instant = SPAN_START;
  for (let index = 0; index < count; index += 1) {
    // Mostly forward in time, now and then several calls at the same instant, sometimes a day boundary exactly.
    const roll = next();
    if (roll < 0.85) {
      instant += Math.floor((next() * (2 * SPAN_DAYS * 86_400_000)) / count);
    } else if (roll < 0.9) {
      instant = Math.ceil(instant / 86_400_000) * 86_400_000;
    }
    const answered = next() >= 0.25;
    const hasMessage = !answered && next() < 0.5;
    const hold = next() < 0.5 ? pick(EDGE_SECONDS.slice(0, 24)) : Math.floor(next() * 130);
    const duration = answered ? (next() < 0.5 ? pick(EDGE_SECONDS) : Math.floor(next() * 1500)) : null;
    const messageVideoId = hasMessage ? randomUUID() : null;
    if (messageVideoId) {
      videoRows.push({
        id: messageVideoId,
        teamId,
        ownerId: owner,
        title: 'Message',
        kind: 'message',
        status: next() < 0.8 ? 'ready' : 'processing',
        contentType: 'video/webm',
        declaredSize: 1000,
        size: 1000,
        durationSeconds: 12.5,
        storageKey: videoKey(teamId, messageVideoId),
      });
    }
    const transcript = answered
      ? Array.from({ length: 3 + Math.floor(next() * 6) }, () => pick(WORDS)).join(next() < 0.5 ? ' ' : ', ')
      : null;
    stored.push({
      id: randomUUID(),
      teamId,
      serialNumber: firstSerial + index,
      incomingAt: instant,
      callerName: pick(CALLER_NAMES),
      receivedBy: answered ? (pick(members)?.id ?? null) : null,
      answered,
      holdSeconds: hold,
      durationSeconds: duration,
      messageVideoId,
      transcript,
      notes: 0,
      captions: answered && next() < 0.2,
    });
  }
  if (videoRows.length > 0) {
    await app.db.insert(videos).values(videoRows);
  }
  for (let start = 0; start < stored.length; start += 200) {
    await app.db.insert(calls).values(
      stored.slice(start, start + 200).map((call) => ({
        id: call.id,
        teamId,
        serialNumber: call.serialNumber,
        incomingAt: new Date(call.incomingAt),
        playerId: `v_${call.serialNumber}`,
        callerName: call.callerName,
        callerContact: '+13035550100',
        callerEmail: null,
        receivedBy: call.receivedBy,
        receivedAt: call.answered ? new Date(call.incomingAt + call.holdSeconds * 1000) : null,
        endedAt: call.answered
          ? new Date(call.incomingAt + (call.holdSeconds + (call.durationSeconds ?? 0)) * 1000)
          : null,
        holdSeconds: call.holdSeconds,
        durationSeconds: call.durationSeconds,
        messageVideoId: call.messageVideoId,
        transcript: call.transcript,
      })),
    );
  }
  const noted = stored.filter((_call, index) => index % 7 === 0);
  if (noted.length > 0) {
    await app.db.insert(notes).values(
      noted.flatMap((call, index) =>
        Array.from({ length: 1 + (index % 3) }, () => ({
          teamId,
          callId: call.id,
          authorId: owner,
          message: 'Seeded note',
        })),
      ),
    );
    noted.forEach((call, index) => {
      call.notes = 1 + (index % 3);
    });
  }
  const captioned = stored.filter((call) => call.captions);
  if (captioned.length > 0) {
    await app.db.insert(captions).values(
      captioned.map((call) => ({
        teamId,
        callId: call.id,
        startSeconds: 0,
        endSeconds: 2,
        speaker: call.callerName,
        text: 'Hello',
      })),
    );
  }
  return stored;
}

/** The words PostgreSQL's 'simple' configuration finds in these transcripts. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** What the API must answer, computed from the stored calls. */
export function reference(stored: readonly StoredCall[], query: CallListQuery): { ids: string[]; total: number } {
  const from = query.from === undefined ? undefined : Date.parse(query.from);
  const to = query.to === undefined ? undefined : Date.parse(query.to);
  const name = query.callerName?.trim().toLowerCase();
  const wanted = query.transcript === undefined ? [] : words(query.transcript);
  const matching = stored.filter((call) => {
    const tab = query.tab ?? 'all';
    return (
      (tab !== 'missed' || !call.answered) &&
      (tab !== 'messages' || call.messageVideoId !== null) &&
      (from === undefined || call.incomingAt >= from) &&
      (to === undefined || call.incomingAt <= to) &&
      (query.receivedBy === undefined || call.receivedBy === query.receivedBy) &&
      (query.answered === undefined || call.answered === query.answered) &&
      (query.messageLeft === undefined || (call.messageVideoId !== null) === query.messageLeft) &&
      (!name || call.callerName.toLowerCase().includes(name)) &&
      wanted.every((word) => words(call.transcript ?? '').includes(word)) &&
      (query.holdMin === undefined || call.holdSeconds >= query.holdMin) &&
      (query.holdMax === undefined || call.holdSeconds <= query.holdMax) &&
      (query.durationMin === undefined ||
        (call.durationSeconds !== null && call.durationSeconds >= query.durationMin)) &&
      (query.durationMax === undefined || (call.durationSeconds !== null && call.durationSeconds <= query.durationMax))
    );
  });
  const sorted = [...matching].sort(comparer(query.sort ?? 'incomingAt', query.order ?? 'desc'));
  const current = query.current ?? 1;
  const pageSize = query.pageSize ?? 10;
  return {
    ids: sorted.slice((current - 1) * pageSize, current * pageSize).map((call) => call.id),
    total: matching.length,
  };
}

/** The API's order: the field, then the serial number; a missed call (no duration) comes last either way. */
export function comparer(sort: CallSortField, order: SortOrder): (left: StoredCall, right: StoredCall) => number {
  const key = (call: StoredCall): number => {
    switch (sort) {
      case 'incomingAt':
        return call.incomingAt;
      case 'holdSeconds':
        return call.holdSeconds;
      case 'durationSeconds':
        return call.durationSeconds ?? -1;
      default:
        return sort satisfies never;
    }
  };
  const sign = order === 'asc' ? 1 : -1;
  const missed = (call: StoredCall) => (sort === 'durationSeconds' && call.durationSeconds === null ? 1 : 0);
  return (left, right) =>
    missed(left) - missed(right) || sign * (key(left) - key(right) || left.serialNumber - right.serialNumber);
}

/** `call_counts` as counts per bucket, without the zero rows deletions leave. */
export async function countRows(app: FastifyInstance): Promise<string> {
  const result = (await app.db.execute(sql`
    select team_id, member_id, level, block, answered, message_left, hold_bucket, bucket, calls from (
      select counts.*, bucket,
        total - coalesce(lag(total) over (
          partition by team_id, member_id, level, block, answered, message_left, hold_bucket order by bucket
        ), 0) as calls
      from call_counts as counts, unnest(duration_buckets, duration_totals) as entry(bucket, total)
    ) as expanded
    where calls <> 0
    order by team_id, member_id, level, block, answered, message_left, hold_bucket, bucket`)) as unknown as {
    rows: unknown[];
  };
  return JSON.stringify(result.rows);
}

/** The query string of a list query. */
export function queryString(query: CallListQuery): string {
  return new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ).toString();
}

export { DURATION_BUCKET_STARTS, HOLD_BUCKET_STARTS };
