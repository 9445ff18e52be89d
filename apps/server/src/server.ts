import { buildApp } from './app';
import { readConfig } from './config';
import { DEMO_LOGINS, seedDemo } from './demo/seed';
import { StartupError } from './lib/startup-error';

// What Parley writes (the database, the signing key, videos) is for its own user alone: files 0600, folders 0700.
process.umask(0o077);

try {
  const config = readConfig();
  const app = await buildApp(config);
  if (config.demoData && (await seedDemo(app))) {
    app.log.info('loaded the demo team');
  }
  await app.listen({ port: config.port, host: config.host });

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

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
}
