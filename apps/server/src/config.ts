import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  webDist: string;
}

/** Reads the settings once; a bad value stops start-up with a message naming it. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`PORT must be a whole number from 1 to 65535, got '${env.PORT}'.`);
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
  };
}
