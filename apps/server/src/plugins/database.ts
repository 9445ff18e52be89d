import path from 'node:path';
import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client';
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
    await database.migrate();
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
