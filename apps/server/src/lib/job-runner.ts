import type { FastifyBaseLogger } from 'fastify';

/** A row a worker holds: its id, and how many times it has been claimed, this claim included. */
export interface ClaimedJob {
  id: string;
  attempts: number;
}

/**
 * How the rows of one kind of job are held, in that kind's own table and columns; the kind's
 * repository implements it. Each write after the claim is made only while the claim still holds
 * (the kind's fencing: its attempt count or its lease's end), so a worker that was taken over
 * changes nothing.
 */
export interface JobQueue<Job extends ClaimedJob> {
  /**
   * Up to `limit` due rows (waiting, or whose lease ran out), each taken by one worker: `FOR UPDATE
   * SKIP LOCKED`, attempts + 1 and a lease of `leaseSeconds`, in one statement.
   */
  claim(limit: number, leaseSeconds: number): Promise<Job[]>;
  /** Extends the claim to `leaseSeconds` from now; false when it is no longer this worker's. */
  renew?(job: Job, leaseSeconds: number): Promise<boolean>;
  /**
   * Back in the queue, due again in `delaySeconds`, with `reason` where the kind keeps one. A queue
   * without it leaves the job to its lease: it is claimed again once that runs out.
   */
  retry?(job: Job, delaySeconds: number, reason: string): Promise<void>;
  /** The server is stopping: back in the queue at once, this attempt not counted. */
  release(job: Job): Promise<void>;
}

/** A failure no retry can mend: the job is given up at once, with this message. */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

/** One kind of job: its queue, what doing it and giving it up mean, and its timing. */
export interface JobKind<Job extends ClaimedJob> {
  /** Names the kind in logs. */
  name: string;
  queue: JobQueue<Job>;
  /**
   * Does the job and writes its outcome. Throws JobFailure when it can never be done; anything else
   * thrown is tried again. `signal` aborts when the server stops or the claim is lost.
   */
  run(job: Job, signal: AbortSignal): Promise<void>;
  /**
   * Gives the job up for good: `error` is the JobFailure, the last failure of its last try, or
   * (claimed more than `maxAttempts` times) an Error saying its workers kept stopping.
   */
  fail(job: Job, error: unknown): Promise<void>;
  /** How long a claim holds a job before another worker may take it up. */
  leaseSeconds: number;
  /** Renews the lease this often while the job runs (the queue's `renew`); none: the lease must outlast the work. */
  renewEveryMs?: number;
  /** Tries before a job is given up. */
  maxAttempts: number;
  /** The wait before the next try after failed try `attempts`; the lease by default. */
  backoffSeconds?: (attempts: number) => number;
  /** Rows claimed at a time. */
  batchSize: number;
  /** Jobs of a batch run at once; the whole batch by default. */
  concurrency?: number;
  /** Housekeeping before each run's first claim; a failure is logged and the run goes on. */
  beforeRun?: () => Promise<void>;
  log: FastifyBaseLogger;
}

/** A claim kept alive by renewing its lease. */
export interface KeptClaim {
  /** Aborted once the claim is lost (another worker took the job over). */
  readonly signal: AbortSignal;
  /** Stops renewing, after the renewal in flight. */
  stop(): Promise<void>;
}

/**
 * Calls `renew` every `everyMs` for as long as the work runs: a worker that dies stops renewing and
 * its lease runs out soon after. A renewal that fails (the database away a moment) is reported to
 * `onError` and tried at the next tick; one that answers false means the claim is lost, which
 * aborts `signal` and stops the renewals.
 */
export function keepClaim(
  renew: () => Promise<boolean>,
  options: { everyMs: number; onError: (error: unknown) => void; onLost: () => void },
): KeptClaim {
  const controller = new AbortController();
  let renewing: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (renewing || controller.signal.aborted) {
      return;
    }
    renewing = renew()
      .then(
        (held) => {
          if (!held) {
            clearInterval(timer);
            options.onLost();
            controller.abort(new Error('The claim was lost: another worker took the job over.'));
          }
        },
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        renewing = undefined;
      });
  }, options.everyMs);
  timer.unref();
  return {
    signal: controller.signal,
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one kind of background job from its table (ARCHITECTURE §2): any instance may run it, a row
 * is held by one worker at a time (claimed with `FOR UPDATE SKIP LOCKED` and a lease), a worker
 * that dies leaves its rows to be taken up once their leases run out, a failed try is tried again
 * after a backoff, and a job is given up after `maxAttempts` tries. A run claims batches until none
 * is due. `stop()` cuts the run in flight short: its jobs see their signal abort, and the rows it
 * holds but has not finished go back to the queue.
 */
export function createJobRunner<Job extends ClaimedJob>(kind: JobKind<Job>) {
  const { queue, log, renewEveryMs } = kind;
  const renew = renewEveryMs === undefined ? undefined : queue.renew?.bind(queue);
  if (renewEveryMs !== undefined && !renew) {
    throw new Error(`The ${kind.name} queue cannot renew a lease.`);
  }
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  /** Work asked for while a run was under way: one more run, once that one is over. */
  let followUp: Promise<number> | undefined;
  let current: AbortController | undefined;
  let stopping = false;

  async function settle(job: Job, signal: AbortSignal): Promise<void> {
    if (signal.aborted) {
      await queue.release(job);
      return;
    }
    if (job.attempts > kind.maxAttempts) {
      log.warn({ kind: kind.name, jobId: job.id, attempts: job.attempts }, 'job given up: its workers kept stopping');
      await kind.fail(
        job,
        new Error(`Claimed ${job.attempts} times; each time its worker stopped before it finished.`),
      );
      return;
    }
    const lease =
      renew && renewEveryMs !== undefined
        ? keepClaim(() => renew(job, kind.leaseSeconds), {
            everyMs: renewEveryMs,
            onError: (error) => log.warn({ err: error, kind: kind.name, jobId: job.id }, 'job lease not renewed'),
            onLost: () => log.warn({ kind: kind.name, jobId: job.id }, 'job lease lost: another worker took it over'),
          })
        : undefined;
    let failed = false;
    let failure: unknown;
    try {
      await kind.run(job, lease ? AbortSignal.any([signal, lease.signal]) : signal);
    } catch (error) {
      failed = true;
      failure = error;
    } finally {
      // Before any write below: a renewal landing after it would move the retry's due time.
      await lease?.stop();
    }
    if (!failed || lease?.signal.aborted) {
      // Done, or no longer this worker's to settle.
      return;
    }
    if (signal.aborted) {
      await queue.release(job);
      return;
    }
    if (failure instanceof JobFailure) {
      log.info({ kind: kind.name, jobId: job.id, reason: failure.message }, 'job cannot be done');
      await kind.fail(job, failure);
      return;
    }
    log.warn({ err: failure, kind: kind.name, jobId: job.id, attempts: job.attempts }, 'job failed');
    if (job.attempts >= kind.maxAttempts) {
      await kind.fail(job, failure);
      return;
    }
    const backoff = kind.backoffSeconds?.(job.attempts) ?? kind.leaseSeconds;
    await queue.retry?.(job, backoff, reasonOf(failure));
  }

  /** Settles every job of the batch, `concurrency` at a time; the first bookkeeping failure stops the run. */
  async function settleBatch(batch: Job[], signal: AbortSignal): Promise<void> {
    let next = 0;
    const worker = async () => {
      for (let job = batch[next++]; job; job = batch[next++]) {
        await settle(job, signal);
      }
    };
    const workers = Math.min(kind.concurrency ?? batch.length, batch.length);
    const results = await Promise.allSettled(Array.from({ length: workers }, worker));
    const rejected = results.find((result) => result.status === 'rejected');
    if (rejected) {
      throw rejected.reason;
    }
  }

  async function runOnce(signal: AbortSignal): Promise<number> {
    await kind
      .beforeRun?.()
      .catch((error: unknown) => log.warn({ err: error, kind: kind.name }, 'housekeeping failed'));
    let total = 0;
    // The first claim happens even when a stop came meanwhile: what it finds goes straight back.
    for (;;) {
      const batch = await queue.claim(kind.batchSize, kind.leaseSeconds);
      if (batch.length === 0) {
        break;
      }
      total += batch.length;
      await settleBatch(batch, signal);
      if (signal.aborted) {
        break;
      }
    }
    return total;
  }

  /** Runs every job that is due; answers how many were claimed. Asked during a run, it answers the run after it. */
  function runDue(): Promise<number> {
    if (stopping) {
      return Promise.resolve(0);
    }
    if (!running) {
      const controller = new AbortController();
      current = controller;
      running = runOnce(controller.signal).finally(() => {
        running = undefined;
      });
      return running;
    }
    followUp ??= running
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        followUp = undefined;
        return runDue();
      });
    return followUp;
  }

  function kick(): void {
    runDue().catch((error: unknown) => log.error({ err: error, kind: kind.name }, 'background run stopped'));
  }

  return {
    runDue,
    /** Starts a run (or one after the run under way); a failure is logged. */
    kick,
    /** Runs at once (what instances that stopped left behind), then every `intervalMs`. */
    start(intervalMs: number): void {
      clearInterval(timer);
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    /**
     * Stops the timer and cuts the run in flight short, waiting for it; a run that failed was logged
     * by `kick` and does not fail the stop. Work asked for afterwards still runs.
     */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      stopping = true;
      current?.abort();
      try {
        await (followUp ?? running)?.catch(() => 0);
      } finally {
        stopping = false;
      }
    },
  };
}
