import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { teams } from '../db/schema';
import { createNotice } from '../repositories/notices';
import { createTeam } from '../repositories/teams';
import { insertUser, updateUser } from '../repositories/users';
import '../plugins/types';
import { type DemoCallsOptions, seedDemoCalls } from './calls';

/** The demo team's members; the README lists the same logins. */
export const DEMO_LOGINS = [
  { email: 'admin@demo.parley.test', password: 'parley-demo', name: 'Nora Ali', role: 'admin', phone: '+12025550101' },
  { email: 'sam@demo.parley.test', password: 'parley-demo', name: 'Sam Carter', role: 'user', phone: '+12025550102' },
  { email: 'lea@demo.parley.test', password: 'parley-demo', name: 'Lea Martin', role: 'user', phone: '+12025550103' },
] as const;

export const DEMO_TEAM_NAME = 'Parley Demo';

export interface SeedDemoOptions {
  /** The year of calls (tests ask for fewer, or for a fixed end). */
  calls?: DemoCallsOptions;
}

/** On first start with an empty database: the demo team, its three members, a year of calls and a few notices. */
export async function seedDemo(app: FastifyInstance, options: SeedDemoOptions = {}): Promise<boolean> {
  const [existing] = await app.db.select({ value: count() }).from(teams);
  if ((existing?.value ?? 0) > 0) {
    return false;
  }
  const team = await createTeam(app.db, DEMO_TEAM_NAME);
  const members = [];
  for (const login of DEMO_LOGINS) {
    const user = await insertUser(app.db, {
      teamId: team.id,
      email: login.email,
      name: login.name,
      role: login.role,
      phone: login.phone,
      firstLogin: false,
      passwordHash: await app.passwords.hash(login.password),
    });
    members.push(
      await updateUser(app.db, user.id, {
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
  const started = Date.now();
  const summary = await seedDemoCalls(app, team.id, members, options.calls);
  app.log.info({ ...summary, ms: Date.now() - started }, 'demo calls loaded');
  for (const member of members) {
    await createNotice(app.db, app.events, {
      teamId: team.id,
      userId: member.id,
      type: 'notification',
      title: 'Welcome to the Parley demo',
      description: 'This team is filled with sample data so that you can look around.',
    });
    await createNotice(app.db, app.events, {
      teamId: team.id,
      userId: member.id,
      type: 'message',
      title: 'Grace Hopper left a video message',
      description: 'About a missed call this morning.',
      link: '/call-history?tab=messages',
    });
    await createNotice(app.db, app.events, {
      teamId: team.id,
      userId: member.id,
      type: 'event',
      title: 'Follow up with Alan Turing',
      description: 'Send the recording of yesterday’s call.',
      status: 'todo',
      link: '/call-history',
    });
  }
  return true;
}
