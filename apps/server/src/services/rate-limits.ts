import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over the `rate_limits` table: fixed windows counted in the database,
 * so every instance behind a load balancer shares one count (ARCHITECTURE §2: no extra broker).
 */
export function databaseRateLimitStore(getDb: () => Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const windowSeconds = Math.max(1, Math.ceil(timeWindow / 1000));
      getDb()
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
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
        })
        .then(
          ([row]) =>
            callback(null, { current: row?.current ?? 1, ttl: Math.max(0, Math.round(Number(row?.ttl ?? 0))) }),
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
