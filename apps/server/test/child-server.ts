import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, where `src/server.ts` runs from. */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Settings the shell may hold that must not reach a test's own server. */
const INHERITED = [
  'DATABASE_URL',
  'SMTP_URL',
  'JWT_SECRET',
  'TRUST_PROXY',
  'LEADS_TEAM_ID',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];

/** A TCP port on 127.0.0.1 that nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ChildServer {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far, standard output and error together. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once its output matches; rejects if it exits first or takes longer. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
}

/**
 * The real server (`node --import tsx src/server.ts`, one process, so a signal reaches it) on
 * 127.0.0.1:`port` with the test's settings, and none of the shell's. The caller kills it.
 * `serverDir` runs another checkout's apps/server (the benchmarks compare builds).
 */
export function spawnServer(port: number, settings: Record<string, string>, serverDir = serverRoot): ChildServer {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED) {
    delete env[name];
  }
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '/nonexistent', ...settings });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serverDir, env });
  let text = '';
  const watchers = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const watcher of watchers) {
      watcher();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  function waitFor(pattern: RegExp, timeoutMs = 90_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        watchers.delete(check);
        clearTimeout(timer);
        if (error) {
          reject(error);
        } else {
          resolve();
        }
      };
      const check = () => {
        if (pattern.test(text)) {
          done();
        }
      };
      const timer = setTimeout(() => done(new Error(`No ${pattern} in the server's output:\n${text}`)), timeoutMs);
      watchers.add(check);
      void exited.then(() => done(new Error(`The server exited before ${pattern}:\n${text}`)));
      check();
    });
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => text, exited, waitFor };
}
