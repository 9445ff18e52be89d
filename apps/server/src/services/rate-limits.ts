import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A counter in a fixed window: how many so far, and the seconds until the window ends. */
export interface WindowCount {
  current: number;
  ttlSeconds: number;
}

/**
 * Counts one more under `key` in a fixed window of `windowSeconds` (a new window once the last
 * one ended), in one statement, so concurrent requests on any instance never lose a count.
 */
export async function countUp(db: Db, key: string, windowSeconds: number): Promise<WindowCount & { ttlMs: number }> {
  const seconds = Math.max(1, Math.ceil(windowSeconds));
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${seconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      current: rateLimits.count,
      ttl: sql<number>`(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::float8`,
    });
  const ttlMs = Math.max(0, Math.round(Number(row?.ttl ?? 0)));
  return { current: row?.current ?? 1, ttlMs, ttlSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
}

/** The count under `key` in its current window, without adding to it (0 when there is none). */
export async function peekCount(db: Db, key: string): Promise<WindowCount> {
  const [row] = await db
    .select({
      current: rateLimits.count,
      ttl: sql<number>`(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::float8`,
    })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
  return row
    ? { current: row.current, ttlSeconds: Math.max(1, Math.ceil(Number(row.ttl) / 1000)) }
    : { current: 0, ttlSeconds: 0 };
}

/** Ends the window under `key` (a right password forgives that address's earlier failures). */
export async function forgetCount(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * A @fastify/rate-limit store over the `rate_limits` table: fixed windows counted in the database,
 * so every instance behind a load balancer shares one count (ARCHITECTURE §2: no extra broker).
 */
export function databaseRateLimitStore(getDb: () => Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      countUp(getDb(), key, timeWindow / 1000).then(
        (count) => callback(null, { current: count.current, ttl: count.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Forgets windows that have ended. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
}

export interface LimitRule {
  /** Names the counter, so that two rules on one route count apart. */
  name: string;
  max: number;
  windowSeconds: number;
  /** What is counted: the client address, an account, a phone number. Nothing to count skips the rule. */
  key: (request: FastifyRequest) => string | undefined;
}

/**
 * A preHandler enforcing several limits on one route (login: per address and per account);
 * over any of them the request answers 429 with Retry-After.
 */
export function limits(app: FastifyInstance, rules: LimitRule[]) {
  const limiters = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
    }),
  }));
  return async (request: FastifyRequest): Promise<void> => {
    for (const { rule, check } of limiters) {
      if (rule.key(request) === undefined) {
        continue;
      }
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(Math.max(1, result.ttlInSeconds));
      }
    }
  };
}
