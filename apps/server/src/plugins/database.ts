import path from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client';
import { makeDataDirPrivate } from '../lib/data-dir';
import { pruneRateLimits } from '../services/rate-limits';
import './types';

/** How many migrations the database has had (0 for a new one). */
async function appliedMigrations(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as applied from information_schema.tables t
        where t.table_schema = 'drizzle' and t.table_name = '__drizzle_migrations'`,
  )) as unknown as { rows: { applied: number }[] };
  if ((result.rows[0]?.applied ?? 0) === 0) {
    return 0;
  }
  const applied = (await database.db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number }[] };
  return applied.rows[0]?.applied ?? 0;
}

/**
 * The database: PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR (or one made
 * by the caller, as tests do). Migrations run before the server takes requests.
 */
export default fp<{ database?: Database }>(
  async (app, options) => {
    const database =
      options.database ??
      (await openDatabase(
        app.config.databaseUrl
          ? { kind: 'postgres', url: app.config.databaseUrl }
          : { kind: 'pglite', dataDir: path.join(app.config.dataDir, 'pglite') },
      ));
    try {
      const before = await appliedMigrations(database);
      await database.migrate();
      if ((await appliedMigrations(database)) !== before) {
        // New tables and columns have no statistics yet: plan the first requests on real counts.
        await database.analyze();
      }
      // The database, the signing key and every team's videos: for Parley's user alone.
      const changed = await makeDataDirPrivate(app.config.dataDir);
      if (changed > 0) {
        app.log.info({ dataDir: app.config.dataDir, changed }, 'data folder made private (folders 0700, files 0600)');
      }
    } catch (error) {
      // A database this plugin opened is closed again: it holds the data folder's lock.
      if (!options.database) {
        await database.close().catch(() => {});
      }
      throw error;
    }
    app.decorate('database', database);
    app.decorate('db', database.db);

    const pruning = setInterval(() => {
      pruneRateLimits(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit pruning failed'));
    }, 10 * 60_000);
    pruning.unref();

    app.addHook('onClose', async () => {
      clearInterval(pruning);
      await database.close();
    });
  },
  { name: 'database' },
);
