/**
 * `pnpm bench:calls-live`: 200 visitors calling a team of 20 members at once, on one real server
 * (signalling only, no media; issue 16).
 *
 * On a fresh PostgreSQL database (DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432/postgres)
 * it starts the real server, stores a team of 20 members and opens one socket per member (all
 * available). Then 200 visitors call at the same moment (`POST /api/visitor/calls`, each from an
 * address of its own), each opening its own socket with its call's token. It prints:
 * - ring: from a visitor's Call to each member's socket hearing the call ring (p50, p95, max of
 *   200 × 20 deliveries);
 * - answer: two members answer every call at the same moment; from the Answer to the visitor's
 *   socket hearing it is connected (p50, p95, max of 200);
 * - and checks: every call rang every member, exactly one answer of each pair won, each call has
 *   one member in the database, and nothing failed. Not a test: it prints figures (exit 1 when a
 *   check fails).
 *
 * --rate: the visitors call at that many a second instead of all at once (a busy hour, not a burst).
 *
 *   pnpm bench:calls-live [--visitors N] [--members N] [--rate N]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RealtimeServerMessage } from '@parley/api';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase } from '../src/db/client';
import { calls, teams } from '../src/db/schema';
import { createTeam } from '../src/repositories/teams';
import { insertUser } from '../src/repositories/users';
import { createSessions } from '../src/services/sessions';
import { freePort, spawnServer } from '../test/child-server';
import { ADMIN_URL, adminQuery, percentile } from './postgres';

const admin = ADMIN_URL;
const JWT_SECRET = randomBytes(32).toString('hex');

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} takes a whole number from 1.`);
  }
  return value;
}
const VISITORS = option('--visitors', 200);
const MEMBERS = option('--members', 20);
const RATE = process.argv.includes('--rate') ? option('--rate', 1) : undefined;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))} (${values.length})`;

/** A socket on `/ws` signed in with `token`; `onMessage` hears every message with its arrival time. */
function socket(url: string, token: string, onMessage: (message: RealtimeServerMessage, at: number) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
    ws.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (message.type === 'ready') {
        resolve(ws);
      }
      onMessage(message, at);
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.once('error', reject);
  });
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main(): Promise<void> {
  const name = `parley_bench_live_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${admin.replace(/\/[^/]*$/, '')}/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-live-'));
  await adminQuery(`create database ${name}`);
  const server = spawnServer(await freePort(), {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    DEMO_DATA: 'false',
    // Each visitor calls from an address of its own (the per-address limit is ten calls).
    TRUST_PROXY: 'loopback',
    DATABASE_URL: databaseUrl,
  });
  const sockets: WebSocket[] = [];
  let failed = false;
  try {
    for (;;) {
      if (server.child.exitCode !== null) {
        throw new Error(`The server stopped while starting:\n${server.output()}`);
      }
      try {
        if ((await fetch(`${server.url}/readyz`)).ok) {
          break;
        }
      } catch {
        // Not yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // The team, stored straight into the server's database, with a signed-in session for each member.
    const members: { id: string; token: string }[] = [];
    let widgetKey: string;
    {
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
      try {
        const team = await createTeam(database.db, 'Bench live team');
        const sessions = createSessions(database.db, JWT_SECRET);
        for (let index = 0; index < MEMBERS; index += 1) {
          const user = await insertUser(database.db, {
            teamId: team.id,
            email: `member-${index}@bench.test`,
            name: `Member ${index}`,
            passwordHash: 'not-used',
            role: index === 0 ? 'admin' : 'user',
            firstLogin: false,
          });
          const token = await sessions.issue({
            userId: user.id,
            teamId: team.id,
            name: user.name,
            role: user.role,
            scope: 'full',
          });
          members.push({ id: user.id, token });
        }
        const [row] = await database.db.select({ key: teams.widgetKey }).from(teams).where(eq(teams.id, team.id));
        widgetKey = row?.key ?? '';
      } finally {
        await database.close();
      }
    }

    // Every member's socket: when it heard each call ring.
    const rang = new Map<string, number[]>();
    for (const member of members) {
      sockets.push(
        await socket(server.url, member.token, (message, at) => {
          if (message.type === 'live' && message.call.state === 'ringing') {
            const times = rang.get(message.call.id) ?? [];
            times.push(at);
            rang.set(message.call.id, times);
          }
        }),
      );
    }
    // The members are online: wait until the server counts them available (their presence rows).
    await new Promise((resolve) => setTimeout(resolve, 500));

    // A warm-up round first, as a server that has been running is warm: ten calls, answered and ended.
    const origin = server.url;
    for (let index = 0; index < 10; index += 1) {
      const response = await fetch(`${server.url}/api/visitor/calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': `10.78.0.${index + 1}` },
        body: JSON.stringify({ widgetKey, host: origin, menuItem: 'call' }),
      });
      const { data } = (await response.json()) as { data: { call: { id: string } } };
      const member = members[index % MEMBERS];
      for (const action of ['answer', 'hang-up']) {
        await fetch(`${server.url}/api/calls/${data.call.id}/${action}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${member?.token}` },
        }).then((answer) => answer.arrayBuffer());
      }
    }
    const warmUp = new Set(rang.keys());

    // The visitors call at once.
    const started = await Promise.all(
      Array.from({ length: VISITORS }, async (_, index) => {
        if (RATE) {
          await new Promise((resolve) => setTimeout(resolve, (index * 1000) / RATE));
        }
        const sentAt = performance.now();
        const response = await fetch(`${server.url}/api/visitor/calls`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin,
            'x-forwarded-for': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
          },
          body: JSON.stringify({ widgetKey, host: origin, menuItem: 'call', name: `Visitor ${index}` }),
        });
        if (response.status !== 200) {
          throw new Error(`A call was refused: ${response.status} ${await response.text()}`);
        }
        const { data } = (await response.json()) as { data: { call: { id: string; state: string }; token: string } };
        return { id: data.call.id, state: data.call.state, token: data.token, sentAt, answeredAt: performance.now() };
      }),
    );
    await waitFor(
      () => started.every((call) => (rang.get(call.id)?.length ?? 0) >= MEMBERS),
      'every member to hear every call',
      30_000,
    ).catch((error: unknown) => {
      failed = true;
      console.error(String(error));
    });
    const ringTimes = started.flatMap((call) => (rang.get(call.id) ?? []).map((at) => at - call.sentAt));
    const callTimes = started.map((call) => call.answeredAt - call.sentAt);
    const notRinging = started.filter((call) => call.state !== 'ringing').length;

    // Each visitor's socket: when it heard it was connected.
    const connectedAt = new Map<string, number>();
    for (const call of started) {
      sockets.push(
        await socket(server.url, call.token, (message, at) => {
          if (message.type === 'visitorCall' && message.call.state === 'connected') {
            connectedAt.set(call.id, at);
          }
        }),
      );
    }

    // Two members answer every call at the same moment.
    const answered = await Promise.all(
      started.map(async (call, index) => {
        const pair = [members[index % MEMBERS], members[(index + 1) % MEMBERS]];
        const sentAt = performance.now();
        const statuses = await Promise.all(
          pair.map(async (member) => {
            const response = await fetch(`${server.url}/api/calls/${call.id}/answer`, {
              method: 'POST',
              headers: { authorization: `Bearer ${member?.token}` },
            });
            await response.arrayBuffer();
            return response.status;
          }),
        );
        return { id: call.id, sentAt, statuses: statuses.sort() };
      }),
    );
    await waitFor(
      () => answered.every((call) => connectedAt.has(call.id)),
      'every visitor to hear the answer',
      30_000,
    ).catch((error: unknown) => {
      failed = true;
      console.error(String(error));
    });
    const answerTimes = answered.flatMap((call) => {
      const at = connectedAt.get(call.id);
      return at === undefined ? [] : [at - call.sentAt];
    });
    const badPairs = answered.filter((call) => call.statuses.join(',') !== '200,409').length;

    const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    const [stored] = await database.db
      .select({
        total: sql<number>`(count(*) - ${warmUp.size})::integer`,
        connected: sql<number>`count(*) filter (where ${calls.liveState} = 'connected' and ${calls.receivedBy} is not null)::integer`,
        serials: sql<number>`(count(distinct ${calls.serialNumber}) - ${warmUp.size})::integer`,
      })
      .from(calls);
    await database.close();

    console.info(
      `\nbench:calls-live — ${VISITORS} visitors calling a team of ${MEMBERS} ${RATE ? `at ${RATE} a second` : 'at once'}, PostgreSQL, one server`,
    );
    console.info(`call request (Call → its answer):       ${summary(callTimes)}`);
    console.info(`ring (Call → each member's socket):     ${summary(ringTimes)}`);
    console.info(`answer (Answer → visitor's socket):     ${summary(answerTimes)}`);
    const checks = [
      [`calls stored, each with its own serial number`, stored?.total === VISITORS && stored?.serials === VISITORS],
      [`calls ringing when placed`, notRinging === 0],
      [`every member heard every call`, ringTimes.length === VISITORS * MEMBERS],
      [`each pair of answers: one 200, one 409`, badPairs === 0],
      [`each call connected to exactly one member`, stored?.connected === VISITORS],
      [`every visitor heard the answer`, answerTimes.length === VISITORS],
    ] as const;
    for (const [label, ok] of checks) {
      console.info(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
      failed ||= !ok;
    }
    console.info(`target: ring p95 < 300 ms — ${percentile(ringTimes, 0.95) < 300 ? 'met' : 'not met'}`);
  } finally {
    for (const ws of sockets) {
      ws.close();
    }
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
