import { buildApp } from './app';
import { readConfig } from './config';

try {
  const config = readConfig();
  const app = await buildApp(config, { logger: true });
  await app.listen({ port: config.port, host: config.host });
  console.info(`Parley is running on http://localhost:${config.port}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
