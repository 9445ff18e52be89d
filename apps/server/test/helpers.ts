import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@parley/api';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { type Database, openDatabase, type QueryLogger } from '../src/db/client';
import { createTeam } from '../src/repositories/teams';
import { insertUser } from '../src/repositories/users';
import type { Transports } from '../src/services/outbox';

/** Which engine this run tests: the Vitest project sets it (server-pglite, server-postgres). */
export const ENGINE: 'pglite' | 'postgres' = process.env.PARLEY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const TEST_PASSWORD = 'correct horse battery';

/** The PostgreSQL server's address for tests; `.ci/run` and `npm test` set it. */
function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set: the PostgreSQL tests need a server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return url;
}

export interface TestDatabaseOptions {
  /**
   * An empty database that the server migrates itself (a first start, the migrations' own
   * effects), instead of a copy of the run's migrated template (test/global-setup.ts).
   */
  empty?: boolean;
}

/** A database of its own for one test file (or one pair of instances): a copy of the migrated template. */
export async function createTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (ENGINE === 'pglite') {
    return { url: undefined, drop: async () => {} };
  }
  const admin = postgresAdminUrl();
  const name = `parley_test_${randomUUID().replaceAll('-', '')}`;
  const template = options.empty ? undefined : inject('databaseTemplate');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(
    template?.engine === 'postgres' ? `create database ${name} template ${template.name}` : `create database ${name}`,
  );
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

let pgliteTemplate: Blob | undefined;
/** The run's migrated PGlite data folder, read once per worker. */
function pgliteTemplateDump(): Blob | undefined {
  const template = inject('databaseTemplate');
  if (template?.engine !== 'pglite') {
    return undefined;
  }
  pgliteTemplate ??= new Blob([readFileSync(template.file)]);
  return pgliteTemplate;
}

/** An in-memory PGlite database: a copy of the migrated template, or empty. */
export function openTestPglite(options: TestDatabaseOptions & { logQuery?: QueryLogger } = {}): Promise<Database> {
  const loadDataDir = options.empty ? undefined : pgliteTemplateDump();
  return openDatabase({
    kind: 'pglite',
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(options.logQuery ? { logQuery: options.logQuery } : {}),
  });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'parley-test-')),
    databaseUrl: undefined,
    publicUrl: 'http://parley.test',
    jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
    smtpUrl: undefined,
    mailFrom: 'Parley <no-reply@parley.test>',
    devMailbox: true,
    demoData: false,
    logLevel: 'silent',
    trustProxy: false,
    webDist: '/nonexistent',
    widgetDist: '/nonexistent',
    passwordHashMemory: 1024,
    callRingSeconds: 60,
    ice: { servers: [], turn: undefined },
    sendLimits: { perMemberHour: 30, perTeamDay: 200, newTeamDay: 20 },
    leadsTeamId: undefined,
    videoMaxBytes: 524_288_000,
    uploadPartSize: 8 * 1024 * 1024,
    ffmpegPath: 'ffmpeg',
    s3: undefined,
    slack: { tokenKey: undefined, apiUrl: 'http://127.0.0.1:9/api/' },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  transports?: Transports;
  logStream?: DestinationStream;
  /** An existing database to share (two instances); otherwise a fresh one. */
  databaseUrl?: string;
  /** A fresh database that the server migrates itself, not a copy of the migrated template. */
  empty?: boolean;
}

/** A server on a fresh database of the engine under test. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  let database: Database | undefined;
  let drop = async () => {};
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    const fresh = await createTestDatabase({ empty: options.empty ?? false });
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  if (ENGINE === 'pglite') {
    database = await openTestPglite({ empty: options.empty ?? false });
  }
  const config = testConfig({ databaseUrl, ...options.config });
  const app = await buildApp(config, {
    ...(database ? { database } : {}),
    ...(options.transports ? { transports: options.transports } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export interface TestMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
  token: string;
  teamId: string;
}

let addressCounter = 0;
/** A client address of its own, so that one test's attempts do not count against another's limits. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A member stored directly (fast), with a full session token. */
export async function addMember(
  app: FastifyInstance,
  teamId: string,
  role: Role,
  values: { email?: string; name?: string; phone?: string } = {},
): Promise<TestMember> {
  const email = values.email ?? `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const name = values.name ?? `${role === 'admin' ? 'Admin' : 'User'} ${email.slice(0, 6)}`;
  const user = await insertUser(app.db, {
    teamId,
    email,
    name,
    role,
    firstLogin: false,
    phone: values.phone ?? null,
    passwordHash: await app.passwords.hash(TEST_PASSWORD),
  });
  const token = await app.sessions.issue({ userId: user.id, teamId, name, role, scope: 'full' });
  return { id: user.id, email, name, role, password: TEST_PASSWORD, token, teamId };
}

export interface TestTeam {
  id: string;
  name: string;
  admin: TestMember;
  user: TestMember;
}

/** A team with one admin and one user. */
export async function addTeam(app: FastifyInstance, name = `Team ${randomUUID().slice(0, 6)}`): Promise<TestTeam> {
  const team = await createTeam(app.db, name);
  const admin = await addMember(app, team.id, 'admin');
  const user = await addMember(app, team.id, 'user');
  return { id: team.id, name, admin, user };
}

/** `app.inject` with a bearer token and a client address of the test's own. */
export function call(
  app: FastifyInstance,
  options: InjectOptions & { token?: string | undefined },
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return app.inject({
    remoteAddress: freshAddress(),
    ...rest,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  } as InjectOptions);
}
