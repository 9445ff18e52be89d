import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { calls, notices, teams } from '../db/schema';
import { createTeam } from '../repositories/teams';
import { insertUser, updateUser } from '../repositories/users';
import '../plugins/types';
import { inDemoTransaction } from './bulk-load';
import {
  type DemoCallsOptions,
  type DemoCallsSummary,
  type DemoStep,
  loadDemoCalls,
  prepareDemoCalls,
  removeDemoFiles,
} from './calls';

/** The demo team's members; the README lists the same logins. */
export const DEMO_LOGINS = [
  { email: 'admin@demo.parley.test', password: 'parley-demo', name: 'Nora Ali', role: 'admin', phone: '+12025550101' },
  { email: 'sam@demo.parley.test', password: 'parley-demo', name: 'Sam Carter', role: 'user', phone: '+12025550102' },
  { email: 'lea@demo.parley.test', password: 'parley-demo', name: 'Lea Martin', role: 'user', phone: '+12025550103' },
] as const;

export const DEMO_TEAM_NAME = 'Parley Demo';

/** Instances starting together on one empty PostgreSQL load the demo one at a time (the first one does). */
const DEMO_LOCK = 7_261_002;

export interface SeedDemoOptions {
  /** The year of calls (tests ask for fewer, or for a fixed end). */
  calls?: DemoCallsOptions;
  /** Stops the load (a signal to the process): it rolls back, and the files it stored go. */
  signal?: AbortSignal;
  /** Called as each step of the load is done (progress; tests that stop the load there). */
  onStep?: (step: DemoStep) => void;
}

/** Whether the database holds no team yet, which is when the demo is loaded. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select not exists (select 1 from teams) as empty`)) as unknown as {
    rows: { empty: boolean }[];
  };
  return result.rows[0]?.empty === true;
}

/**
 * On first start with an empty database: the demo team, its three members, a year of calls and a
 * few notices, in one transaction, so that a start stopped at any point leaves nothing and the
 * next start loads it all again. Answers what was loaded; null when the database was not empty.
 */
export async function seedDemo(app: FastifyInstance, options: SeedDemoOptions = {}): Promise<DemoCallsSummary | null> {
  const { signal, onStep } = options;
  signal?.throwIfAborted();
  if (!(await isDatabaseEmpty(app.db))) {
    return null;
  }
  const started = performance.now();
  const report = (step: DemoStep) => {
    app.log.debug({ step, ms: Math.round(performance.now() - started) }, 'demo load step done');
    onStep?.(step);
  };
  const hashes = await Promise.all(DEMO_LOGINS.map((login) => app.passwords.hash(login.password)));
  const prepared = await prepareDemoCalls(
    app,
    DEMO_LOGINS.map((login) => login.name),
    options.calls,
    signal,
  );
  const stored: string[] = [];
  try {
    const summary = await inDemoTransaction(app, signal, async (load) => {
      await load.query('select pg_advisory_xact_lock($1)', [DEMO_LOCK]);
      if (!(await isDatabaseEmpty(load.db))) {
        return null;
      }
      const team = await createTeam(load.db, DEMO_TEAM_NAME);
      const members = [];
      for (const [index, login] of DEMO_LOGINS.entries()) {
        const user = await insertUser(load.db, {
          teamId: team.id,
          email: login.email,
          name: login.name,
          role: login.role,
          phone: login.phone,
          firstLogin: false,
          passwordHash: hashes[index] ?? '',
        });
        members.push(
          await updateUser(load.db, user.id, {
            title: login.role === 'admin' ? 'Support lead' : 'Support agent',
            groupName: 'Customer support',
            signature: 'Here to help.',
            country: 'United States',
            province: 'District of Columbia',
            city: 'Washington',
            address: '1 Demo Street',
            tags: [
              { key: 'calls', label: 'Calls' },
              { key: 'video', label: 'Video replies' },
            ],
          }),
        );
      }
      report('members');
      const loaded = await loadDemoCalls(app, load, prepared, team.id, members, stored, report);
      // The team has answered calls for a year: it is not a team in its first day (its sending quota, say).
      await load.db
        .update(teams)
        .set({
          createdAt: sql`(select coalesce(min(${calls.incomingAt}), now()) from ${calls} where ${calls.teamId} = ${team.id})`,
        })
        .where(eq(teams.id, team.id));
      // Stored as rows, not published: nobody can be signed in to the demo before it exists.
      await load.db.insert(notices).values(
        members.flatMap((member): (typeof notices.$inferInsert)[] => [
          {
            teamId: team.id,
            userId: member.id,
            type: 'notification',
            title: 'Welcome to the Parley demo',
            description: 'This team is filled with sample data so that you can look around.',
          },
          {
            teamId: team.id,
            userId: member.id,
            type: 'message',
            title: 'Grace Hopper left a video message',
            description: 'About a missed call this morning.',
            link: '/call-history?tab=messages',
          },
          {
            teamId: team.id,
            userId: member.id,
            type: 'event',
            title: 'Follow up with Alan Turing',
            description: 'Send the recording of yesterday’s call.',
            status: 'todo',
            link: '/call-history',
          },
        ]),
      );
      await load.pause();
      report('notices');
      return loaded;
    });
    if (summary) {
      // A year of calls arrived at once: the planner needs their statistics before the first list.
      await app.database.analyze();
      app.log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'demo loaded');
    }
    return summary;
  } catch (error) {
    await removeDemoFiles(app, stored);
    throw error;
  } finally {
    await prepared.dispose();
  }
}
