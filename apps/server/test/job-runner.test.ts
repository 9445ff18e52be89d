import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { type ClaimedJob, createJobRunner, JobFailure, type JobKind, type JobQueue } from '../src/lib/job-runner';
import { createTestDatabase, ENGINE, openTestPglite } from './helpers';

/** A job row of the test table: `queued` until done or failed. */
interface TestJob extends ClaimedJob {
  name: string;
}

interface StoredJob {
  name: string;
  status: string;
  attempts: number;
  last_error: string | null;
  /** Seconds from now to the lease's end, by the database's clock; null without a lease. */
  lease_left: number | null;
}

let database: Database;
let drop: () => Promise<void>;

async function rows<Row>(query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function stored(name: string): Promise<StoredJob> {
  const [row] = await rows<StoredJob>(sql`
    select name, status, attempts, last_error,
      extract(epoch from lease_until - now())::float8 as lease_left
    from test_jobs where name = ${name}`);
  if (!row) {
    throw new Error(`No job ${name}.`);
  }
  return row;
}

async function addJobs(...names: string[]): Promise<void> {
  for (const name of names) {
    await database.db.execute(sql`insert into test_jobs (name) values (${name})`);
  }
}

/** Its lease ran out (or its backoff is over): due again. */
async function due(name: string): Promise<void> {
  await database.db.execute(sql`update test_jobs set lease_until = now() - interval '1 second' where name = ${name}`);
}

/** The queue as a repository would write it: the claim fenced by the attempt count. */
function testQueue(): JobQueue<TestJob> {
  return {
    claim: (limit, leaseSeconds) =>
      rows<TestJob>(sql`
        update test_jobs set attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
        where id in (
          select id from test_jobs
          where status = 'queued' and (lease_until is null or lease_until < now())
          order by lease_until nulls first, name
          limit ${limit}
          for update skip locked
        )
        returning id, attempts, name`),
    async renew(job, leaseSeconds) {
      const renewed = await rows(sql`
        update test_jobs set lease_until = now() + make_interval(secs => ${leaseSeconds})
        where id = ${job.id} and status = 'queued' and attempts = ${job.attempts} returning id`);
      return renewed.length > 0;
    },
    async retry(job, delaySeconds, reason) {
      await database.db.execute(sql`
        update test_jobs set lease_until = now() + make_interval(secs => ${delaySeconds}), last_error = ${reason}
        where id = ${job.id} and status = 'queued' and attempts = ${job.attempts}`);
    },
    async release(job) {
      await database.db.execute(sql`
        update test_jobs set lease_until = null, attempts = attempts - 1
        where id = ${job.id} and status = 'queued' and attempts = ${job.attempts}`);
    },
  };
}

async function finish(job: TestJob, status: 'done' | 'failed', reason: string | null = null): Promise<void> {
  await database.db.execute(sql`
    update test_jobs set status = ${status}, lease_until = null, last_error = ${reason}
    where id = ${job.id} and attempts = ${job.attempts}`);
}

const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

/** A runner of the test table; `run` marks the job done unless the test says otherwise. */
function testRunner(overrides: Partial<JobKind<TestJob>> = {}) {
  return createJobRunner<TestJob>({
    name: 'test',
    queue: testQueue(),
    run: (job) => finish(job, 'done'),
    fail: (job, error) => finish(job, 'failed', error instanceof Error ? error.message : String(error)),
    leaseSeconds: 600,
    maxAttempts: 3,
    backoffSeconds: (attempts) => 5 * 2 ** (attempts - 1),
    batchSize: 2,
    log,
    ...overrides,
  });
}

beforeAll(async () => {
  const fresh = await createTestDatabase();
  drop = fresh.drop;
  database =
    ENGINE === 'postgres' && fresh.url
      ? await openDatabase({ kind: 'postgres', url: fresh.url })
      : await openTestPglite();
  await database.db.execute(sql`
    create table test_jobs (
      id uuid primary key default gen_random_uuid(),
      name text not null unique,
      status text not null default 'queued',
      attempts integer not null default 0,
      lease_until timestamptz,
      last_error text
    )`);
});
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from test_jobs`);
});

describe('the job runner', () => {
  it('claims each due job for one worker under a lease: two runners at once run every job exactly once', async () => {
    await addJobs('a', 'b', 'c', 'd', 'e', 'leased', 'abandoned');
    // Held by a live worker elsewhere, and held by one whose instance died (its lease ran out).
    await database.db.execute(
      sql`update test_jobs set attempts = 1, lease_until = now() + interval '10 minutes' where name = 'leased'`,
    );
    await database.db.execute(
      sql`update test_jobs set attempts = 1, lease_until = now() - interval '1 minute' where name = 'abandoned'`,
    );
    const runs: string[] = [];
    const run = async (job: TestJob) => {
      runs.push(job.name);
      // Long enough that the other runner claims while this one holds its batch.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await finish(job, 'done');
    };
    const first = testRunner({ run });
    const second = testRunner({ run });
    const claimed = await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
    expect(runs.sort()).toEqual(['a', 'abandoned', 'b', 'c', 'd', 'e']);
    expect(claimed[0] + claimed[1]).toBe(6);
    expect(await stored('a')).toMatchObject({ status: 'done', attempts: 1, lease_left: null });
    expect(await stored('abandoned')).toMatchObject({ status: 'done', attempts: 2 });
    const leased = await stored('leased');
    expect(leased).toMatchObject({ status: 'queued', attempts: 1 });
    expect(leased.lease_left).toBeGreaterThan(590);
  });

  it('holds a claimed job for the lease: another run does not take it while it runs', async () => {
    await addJobs('slow');
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let gate = () => {};
    const blocked = new Promise<void>((resolve) => {
      gate = resolve;
    });
    const runner = testRunner({
      run: async (job) => {
        release();
        await blocked;
        await finish(job, 'done');
      },
    });
    const other = testRunner({ run: () => Promise.reject(new Error('taken twice')) });
    const running = runner.runDue();
    await started;
    const held = await stored('slow');
    expect(held.attempts).toBe(1);
    expect(held.lease_left).toBeGreaterThan(590);
    expect(held.lease_left).toBeLessThanOrEqual(600);
    expect(await other.runDue()).toBe(0);
    gate();
    expect(await running).toBe(1);
    expect(await stored('slow')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('tries a failed job again after its backoff, and gives it up after the last try with the last error', async () => {
    await addJobs('flaky');
    const fail = vi.fn((job: TestJob, error: unknown) =>
      finish(job, 'failed', error instanceof Error ? error.message : String(error)),
    );
    let tries = 0;
    const runner = testRunner({
      run: async () => {
        tries += 1;
        throw new Error(`try ${tries} failed`);
      },
      fail,
    });

    expect(await runner.runDue()).toBe(1);
    const first = await stored('flaky');
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'try 1 failed' });
    // The first backoff: 5 seconds.
    expect(first.lease_left).toBeGreaterThan(3);
    expect(first.lease_left).toBeLessThanOrEqual(5);
    // Not due before its backoff is over.
    expect(await runner.runDue()).toBe(0);

    await due('flaky');
    await runner.runDue();
    const second = await stored('flaky');
    expect(second).toMatchObject({ status: 'queued', attempts: 2, last_error: 'try 2 failed' });
    // The backoff grows: 10 seconds.
    expect(second.lease_left).toBeGreaterThan(8);
    expect(second.lease_left).toBeLessThanOrEqual(10);
    expect(fail).not.toHaveBeenCalled();

    await due('flaky');
    await runner.runDue();
    expect(await stored('flaky')).toMatchObject({ status: 'failed', attempts: 3, last_error: 'try 3 failed' });
    expect(fail).toHaveBeenCalledTimes(1);
    expect(tries).toBe(3);
    await due('flaky');
    expect(await runner.runDue()).toBe(0);
  });

  it('gives a job up at once on a JobFailure, and without running it once it was claimed more than N times', async () => {
    await addJobs('refused', 'doomed');
    // Its workers died on each of its three tries.
    await database.db.execute(
      sql`update test_jobs set attempts = 3, lease_until = now() - interval '1 minute' where name = 'doomed'`,
    );
    const run = vi.fn(async (job: TestJob) => {
      throw new JobFailure(`${job.name} can never be done`);
    });
    await testRunner({ run }).runDue();
    expect(await stored('refused')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'refused can never be done',
    });
    expect(await stored('doomed')).toMatchObject({ status: 'failed', attempts: 4 });
    expect((await stored('doomed')).last_error).toMatch(/Claimed 4 times/);
    expect(run.mock.calls.map(([job]) => job.name)).toEqual(['refused']);
  });

  it('renews the lease while a job runs, and aborts the job without writing once another worker took it over', async () => {
    await addJobs('long');
    const seen: { before: number | null; after: number | null } = { before: null, after: null };
    let aborted = false;
    const retry = vi.fn();
    const fail = vi.fn();
    const runner = testRunner({
      queue: { ...testQueue(), retry },
      fail,
      leaseSeconds: 60,
      renewEveryMs: 25,
      run: async (job, signal) => {
        seen.before = (await stored(job.name)).lease_left;
        await database.db.execute(
          sql`update test_jobs set lease_until = now() + interval '5 seconds' where name = ${job.name}`,
        );
        for (let tick = 0; tick < 100 && ((await stored(job.name)).lease_left ?? 0) < 30; tick += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        seen.after = (await stored(job.name)).lease_left;
        // Another worker takes it over: its claim (attempt 2) is not this one's.
        await database.db.execute(sql`update test_jobs set attempts = 2 where name = ${job.name}`);
        await new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => resolve(), { once: true });
          setTimeout(resolve, 5000);
        });
        aborted = signal.aborted;
        throw new Error('cut short');
      },
    });
    await runner.runDue();
    expect(seen.before).toBeGreaterThan(55);
    // Renewed back up to a minute from the 5 seconds it was set down to.
    expect(seen.after).toBeGreaterThan(30);
    expect(aborted).toBe(true);
    expect(retry).not.toHaveBeenCalled();
    expect(fail).not.toHaveBeenCalled();
    expect(await stored('long')).toMatchObject({ status: 'queued', attempts: 2, last_error: null });
  });

  it('stops cleanly: the job in flight sees its signal, what the run holds goes back uncounted, and later work still runs', async () => {
    await addJobs('first', 'second', 'third');
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const runner = testRunner({
      batchSize: 3,
      concurrency: 1,
      run: async (_job, signal) => {
        started();
        await new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
        });
      },
    });
    runner.start(60_000);
    await running;
    const stopping = Date.now();
    await expect(runner.stop()).resolves.toBeUndefined();
    expect(Date.now() - stopping).toBeLessThan(5000);
    for (const name of ['first', 'second', 'third']) {
      expect(await stored(name)).toMatchObject({ status: 'queued', attempts: 0, lease_left: null });
    }

    // Asked for after the stop, work runs again.
    const after = testRunner();
    expect(await after.runDue()).toBe(3);
    expect(await stored('third')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('does not fail the stop for a run that failed (its database gone); the failure is logged', async () => {
    const broken = testRunner({
      queue: { ...testQueue(), claim: () => Promise.reject(new Error('Cannot use a pool after calling end')) },
    });
    const error = vi.mocked(log.error);
    error.mockClear();
    broken.kick();
    await expect(broken.stop()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
    await expect(broken.runDue()).rejects.toThrow('Cannot use a pool');
  });

  it('answers a run asked for during another with the run after it, which sees the work that came meanwhile', async () => {
    await addJobs('early');
    const queue = testQueue();
    let emptyClaims = 0;
    let foundNothing = () => {};
    const lastClaim = new Promise<void>((resolve) => {
      foundNothing = resolve;
    });
    let gate = () => {};
    const held = new Promise<void>((resolve) => {
      gate = resolve;
    });
    const runner = testRunner({
      queue: {
        ...queue,
        // The first run's last claim finds nothing, and is held there while new work arrives.
        async claim(limit, leaseSeconds) {
          const found = await queue.claim(limit, leaseSeconds);
          if (found.length === 0 && emptyClaims++ === 0) {
            foundNothing();
            await held;
          }
          return found;
        },
      },
    });
    const first = runner.runDue();
    await lastClaim;
    await addJobs('late');
    const second = runner.runDue();
    expect(runner.runDue()).toBe(second);
    gate();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(await stored('late')).toMatchObject({ status: 'done', attempts: 1 });
  });
});
