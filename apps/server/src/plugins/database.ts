import path from 'node:path';
import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client';
import { makeDataDirPrivate } from '../lib/data-dir';
import { pruneRateLimits } from '../services/rate-limits';
import './types';

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
      await database.migrate();
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
