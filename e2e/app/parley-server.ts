import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A running Parley server on a fresh database. */
export interface ParleyServer {
  url: string;
  dataDir: string;
  /** Stops the server and deletes its data folder. */
  stop: () => Promise<void>;
  /**
   * Stops the process (SIGTERM, as a deployment would) and starts a new one on the same port and
   * DATA_DIR: the database, the stored files and the signing secrets survive. `whileDown` runs
   * between the two, with nothing listening.
   */
  restart: (whileDown?: () => Promise<void>) => Promise<void>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Waits until the server is ready (`/readyz` 200): it listens at once, but on a fresh database it
 * answers 503 (`loading`) until the demo is in, and the journeys expect the demo.
 */
async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Parley server stopped while starting (exit code ${child.exitCode}); see its log.`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Parley server was not ready (${url}/readyz) within ${timeoutMs / 1000} s.`);
}

/**
 * Starts the real server (apps/server) serving the built web app, on a free port with a fresh
 * temporary DATA_DIR (a new PGlite database): demo data on, the development mailbox on, no SMTP.
 * TRUST_PROXY=loopback (the browser connects from 127.0.0.1, as a proxy on the same host would)
 * lets each test present its own client address (X-Forwarded-For) to the per-address rate limits,
 * which stay as strict as in production.
 */
export async function startParley({
  logFile,
  env: overrides = {},
}: {
  logFile: string;
  /** Settings of this server's own (e.g. `DEMO_DATA: 'false'` for a quicker start). */
  env?: Record<string, string>;
}): Promise<ParleyServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parley-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Whatever the shell has set, this server runs on its own fresh embedded database and mailbox.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'LEADS_TEAM_ID', 'WEB_DIST', 'MAIL_FROM']) {
    delete env[name];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DEV_MAILBOX: 'true',
    TRUST_PROXY: 'loopback',
    // The setting exists for tests: argon2 at 4 MiB instead of 19 keeps every sign-in quick on two cores.
    PASSWORD_HASH_MEMORY: '4096',
    LOG_LEVEL: process.env.PARLEY_E2E_LOG_LEVEL ?? 'warn',
    ...overrides,
  });
  await mkdir(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);

  /** One server process; answers a function that stops it (and resolves once it has exited). */
  function launch(): { child: ChildProcess; halt: () => Promise<void> } {
    // `node --import tsx` in one process (not the tsx CLI, which runs a second one), so stopping it is one signal.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(repositoryRoot, 'apps/server'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    async function halt(): Promise<void> {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
    }
    return { child, halt };
  }

  let current = launch();

  async function stop(): Promise<void> {
    await current.halt();
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  }

  async function restart(whileDown?: () => Promise<void>): Promise<void> {
    await current.halt();
    await whileDown?.();
    // On a busy machine a start can run out of its plugin time (PGlite opening): try again, as a supervisor would.
    for (let attempt = 1; ; attempt += 1) {
      current = launch();
      try {
        await waitForReady(url, current.child, 120_000);
        return;
      } catch (error) {
        await current.halt();
        if (attempt >= 3) {
          throw error;
        }
      }
    }
  }

  try {
    // A fresh PGlite database is created and migrated on start; on a busy two-core machine that takes a while.
    await waitForReady(url, current.child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop, restart };
}
