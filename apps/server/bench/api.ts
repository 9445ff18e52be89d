/**
 * `pnpm bench:api`: what the API costs over the SQL it runs, and what it serves under load.
 *
 * On PostgreSQL (DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432/postgres) it makes a
 * fresh database, starts the real server on it with the demo team (a year of calls), and signs in
 * as the demo's admin. Then, for the call list, a filtered list and `currentUser`:
 * - API: the time of one request at one connection (p50 and p95 of 300, after 50 to warm up);
 * - SQL: the same statements the route ran, with the same parameters, sent straight to PostgreSQL
 *   one after another on one connection, as psql would (captured from a server built in this process
 *   on the same database; p50 and p95 of 300);
 * and the list at 10 connections for 10 s (autocannon): requests a second, p50 and p99.
 * Then the same API figures on PGlite (a fresh DATA_DIR with the demo). Not a test: it prints figures.
 *
 *   pnpm bench:api [--server-dir DIR] [--no-pglite] [--show-statements]
 * --server-dir: also measure an older checkout's apps/server (its node_modules in place) on a fresh
 * database of its own, side by side in the same run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DEMO_LOGINS } from '../src/demo/seed';
import { freePort, spawnServer } from '../test/child-server';
import { ADMIN_URL, adminQuery, percentile } from './postgres';

const admin = ADMIN_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const thisServer = path.resolve(here, '..');
const RUNS = 300;
const WARMUP = 50;
const LOAD_SECONDS = 10;
/** One signing secret for the server and the one built here, so that a token works on both. */
const JWT_SECRET = randomBytes(32).toString('hex');

const ENDPOINTS = [
  { name: 'list', url: '/api/calls?current=1&pageSize=10' },
  {
    name: 'filtered list',
    url: '/api/calls?current=1&pageSize=10&answered=true&holdMin=20&sort=durationSeconds&order=desc',
  },
  { name: 'currentUser', url: '/api/currentUser' },
] as const;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

interface Running {
  url: string;
  stop: () => Promise<void>;
}

/** The real server of `serverDir`, with the demo loaded, on PostgreSQL (`databaseUrl`) or a fresh PGlite. */
async function startServer(serverDir: string, databaseUrl: string | undefined): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-api-'));
  const server = spawnServer(
    await freePort(),
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    serverDir,
  );
  const stop = async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      await stop();
      throw new Error(`The server stopped while starting:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) {
        return { url: server.url, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('The server was not ready within 10 minutes.');
}

async function signIn(url: string): Promise<string> {
  const login = DEMO_LOGINS.find((entry) => entry.role === 'admin');
  const response = await fetch(`${url}/common/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login?.email, password: login?.password }),
  });
  if (!response.ok) {
    throw new Error(`Signing in as the demo admin failed: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** p50 and p95 (ms) of `work`, run one at a time. */
async function timed(work: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let run = 0; run < WARMUP; run += 1) {
    await work();
  }
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function apiTimes(url: string, token: string) {
  const result: Record<string, { p50: number; p95: number }> = {};
  for (const endpoint of ENDPOINTS) {
    result[endpoint.name] = await timed(async () => {
      const response = await fetch(`${url}${endpoint.url}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
      });
      if (!response.ok) {
        throw new Error(`${endpoint.url} answered ${response.status}`);
      }
      await response.arrayBuffer();
    });
  }
  return result;
}

async function underLoad(url: string, token: string) {
  const options = {
    url: `${url}${ENDPOINTS[0].url}`,
    connections: 10,
    headers: { authorization: `Bearer ${token}` },
  };
  await autocannon({ ...options, duration: 3 });
  const result = await autocannon({ ...options, duration: LOAD_SECONDS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The statements each endpoint runs, with their parameters, from a server built here on `databaseUrl`. */
async function capturedStatements(databaseUrl: string, token: string) {
  let capture: { sql: string; params: unknown[] }[] | null = null;
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl,
    logQuery: (statement, params) => capture?.push({ sql: statement, params }),
  });
  const app = await buildApp(
    readConfig({
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      JWT_SECRET,
      PATH: process.env.PATH,
    }),
    { database },
  );
  await app.ready();
  const statements: Record<string, { sql: string; params: unknown[] }[]> = {};
  try {
    for (const endpoint of ENDPOINTS) {
      capture = [];
      const response = await app.inject({
        method: 'GET',
        url: endpoint.url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) {
        throw new Error(`${endpoint.url} answered ${response.statusCode} in process`);
      }
      statements[endpoint.name] = capture;
      capture = null;
    }
  } finally {
    await app.close();
  }
  return statements;
}

async function sqlTimes(databaseUrl: string, statements: Record<string, { sql: string; params: unknown[] }[]>) {
  // As the server's pool: no JIT (see db/client.ts).
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  await client.connect();
  const result: Record<string, { p50: number; p95: number; statements: number }> = {};
  try {
    for (const endpoint of ENDPOINTS) {
      const list = statements[endpoint.name] ?? [];
      const times = await timed(async () => {
        for (const statement of list) {
          await client.query(statement.sql, statement.params as unknown[]);
        }
      });
      result[endpoint.name] = { ...times, statements: list.length };
    }
  } finally {
    await client.end();
  }
  return result;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function measurePostgres(serverDir: string, label: string, withSql: boolean) {
  const name = `parley_bench_api_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${admin.replace(/\/[^/]*$/, '')}/${name}`;
  await adminQuery(`create database ${name}`);
  try {
    const started = performance.now();
    const server = await startServer(serverDir, databaseUrl);
    try {
      console.info(
        `\n${label}: PostgreSQL, demo loaded and ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const token = await signIn(server.url);
      const api = await apiTimes(server.url, token);
      const load = await underLoad(server.url, token);
      const captured = withSql ? await capturedStatements(databaseUrl, token) : undefined;
      const bare = captured ? await sqlTimes(databaseUrl, captured) : undefined;
      if (captured && process.argv.includes('--show-statements')) {
        for (const [endpoint, statements] of Object.entries(captured)) {
          console.info(`\n  ${endpoint}:`);
          for (const statement of statements) {
            console.info(`    ${statement.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
          }
        }
      }
      console.info('  at one connection        API p50 (p95)           SQL p50 (p95)           API / SQL   statements');
      for (const endpoint of ENDPOINTS) {
        const a = api[endpoint.name];
        const s = bare?.[endpoint.name];
        const ratio = a && s ? `${(a.p50 / s.p50).toFixed(2)}×` : '—';
        console.info(
          `  ${endpoint.name.padEnd(24)} ${`${ms(a?.p50 ?? Number.NaN)} (${ms(a?.p95 ?? Number.NaN)})`.padEnd(23)} ${
            s ? `${ms(s.p50)} (${ms(s.p95)})`.padEnd(23) : '—'.padEnd(23)
          } ${ratio.padEnd(11)} ${s?.statements ?? '—'}`,
        );
      }
      console.info(
        `  list at 10 connections: ${load.rps.toFixed(0)} requests/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors} errors`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

async function measurePglite(serverDir: string, label: string) {
  const started = performance.now();
  const server = await startServer(serverDir, undefined);
  try {
    console.info(`\n${label}: PGlite, demo loaded and ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const token = await signIn(server.url);
    const api = await apiTimes(server.url, token);
    const load = await underLoad(server.url, token);
    for (const endpoint of ENDPOINTS) {
      const a = api[endpoint.name];
      console.info(
        `  ${endpoint.name.padEnd(24)} API p50 ${ms(a?.p50 ?? Number.NaN)} (p95 ${ms(a?.p95 ?? Number.NaN)})`,
      );
    }
    console.info(
      `  list at 10 connections: ${load.rps.toFixed(0)} requests/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors} errors`,
    );
  } finally {
    await server.stop();
  }
}

const older = option('--server-dir');
console.info(`Parley API benchmark — ${availableParallelism()} cores, Node ${process.version}`);
await measurePostgres(thisServer, 'this build', true);
if (older) {
  await measurePostgres(path.resolve(older), `older build (${older})`, false);
}
if (!process.argv.includes('--no-pglite')) {
  await measurePglite(thisServer, 'this build');
  if (older) {
    await measurePglite(path.resolve(older), `older build (${older})`);
  }
}
