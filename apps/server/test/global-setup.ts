import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated database each test file starts from, made once per run: PGlite's data folder
     * as a dump (a file), or the name of a PostgreSQL template database.
     */
    databaseTemplate: { engine: 'pglite'; file: string } | { engine: 'postgres'; name: string };
  }
}

/**
 * Runs the migrations once per run instead of once per test file. A fresh in-memory PGlite costs
 * about 4 s of CPU (initdb, then the migrations); one loaded from a migrated dump about 1.2 s. On
 * PostgreSQL a database copied from a template skips the migrations' hundreds of statements.
 * Tests of a first start or of the migrations themselves ask for an empty database instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.PARLEY_TEST_DB === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) {
      throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL tests need a server');
    }
    const name = `parley_template_${randomUUID().replaceAll('-', '')}`;
    const query = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('databaseTemplate', { engine: 'postgres', name });
    return async () => {
      await query(`drop database if exists ${name} with (force)`);
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `parley-template-${process.pid}-${randomUUID().slice(0, 8)}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { engine: 'pglite', file });
  return async () => {
    rmSync(file, { force: true });
  };
}
