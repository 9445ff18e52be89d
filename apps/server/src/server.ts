import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { readConfig } from './config';
import { DEMO_LOGINS, isDatabaseEmpty, seedDemo } from './demo/seed';
import { StartupError } from './lib/startup-error';

// What Parley writes (the database, the signing key, videos) is for its own user alone: files 0600, folders 0700.
process.umask(0o077);

/** A stop that hangs (a request that never ends) still ends the process by then. */
const STOP_DEADLINE_MS = 8000;

const stopping = new AbortController();
let app: FastifyInstance | undefined;
let demoLoad: Promise<unknown> = Promise.resolve();
let stopped: Promise<void> | undefined;

/** Stops at any point of the start: the demo load rolls back first, then the app and its database close. */
function stop(): Promise<void> {
  stopped ??= (async () => {
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
    await demoLoad.catch(() => {});
    await app?.close();
    process.exit(0);
  })();
  return stopped;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // A repeated signal changes nothing (a terminal's Ctrl-C reaches this process and the runner that
  // relays it): the stop is under way, and its deadline holds.
  process.on(signal, () => {
    stopping.abort();
    // While the app is being built, the start stops as soon as it is (below).
    if (app) {
      void stop();
    }
  });
}

const count = (value: number) => value.toLocaleString('en-US');

try {
  const config = readConfig();
  app = await buildApp(config);
  if (stopping.signal.aborted) {
    await stop();
  }
  const loadsDemo = config.demoData && (await isDatabaseEmpty(app.db));
  // Listening from the start, so /healthz answers; the API waits (503) until the demo is in.
  const release = loadsDemo ? app.readiness.hold() : () => {};
  await app.listen({ port: config.port, host: config.host });

  if (loadsDemo) {
    console.info(
      `Loading the demo team (a year of calls) into the new database; ${config.publicUrl}/readyz answers 200 once it is in…`,
    );
    const started = performance.now();
    const loading = seedDemo(app, {
      signal: stopping.signal,
      ...(config.demoCallCount ? { calls: { count: config.demoCallCount } } : {}),
    });
    demoLoad = loading;
    const summary = await loading;
    release();
    if (summary) {
      console.info(
        `Demo loaded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${count(summary.calls)} calls, ` +
          `${count(summary.captions)} captions, ${count(summary.notes)} notes, ${count(summary.messages)} video messages`,
      );
    }
  }

  const lines = [`Parley is running on ${config.publicUrl}`];
  lines.push(
    app.database.kind === 'postgres'
      ? '  database: PostgreSQL (DATABASE_URL)'
      : `  database: PGlite in ${config.dataDir}/pglite`,
  );
  if (config.demoData) {
    lines.push(
      '  demo logins (password parley-demo):',
      ...DEMO_LOGINS.map((login) => `    ${login.role.padEnd(5)}  ${login.email}`),
    );
  }
  if (config.devMailbox) {
    lines.push(
      `  mail and SMS: development mailbox at ${config.publicUrl}/dev/mailbox, for this machine only (set SMTP_URL to send e-mail)`,
    );
  }
  lines.push(`  API docs: ${config.publicUrl}/api/docs`);
  console.info(lines.join('\n'));
} catch (error) {
  if (stopping.signal.aborted) {
    // The start was stopped on purpose (the demo load rolled back): the signal's stop exits.
    await stop();
  } else {
    console.error(error instanceof StartupError ? error.message : error);
    process.exit(1);
  }
}
