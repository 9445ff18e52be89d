import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, freePort, serverRoot, spawnServer } from '../../test/child-server';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { StartupError } from '../lib/startup-error';
import { openDatabase } from './client';
import { type LockHolder, lockDataFolder } from './data-dir-lock';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
});

function temporaryFolder(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'parley-lock-'));
}

/** The real server on a data folder of the test's own, without the demo. */
function startServer(dataDir: string, port: number): ChildServer {
  const started = spawnServer(port, { DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'warn' });
  children.push(started.child);
  return started;
}

async function waitForHealth(port: number, started: ChildServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) {
      throw new Error(`The server stopped while starting:\n${started.output()}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No answer on port ${port}:\n${started.output()}`);
}

function holder(values: Partial<LockHolder>): string {
  return JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    bootId: null,
    processStart: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    command: 'src/server.ts',
    ...values,
  });
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const finished = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(finished.stdout);
}

describe('the data folder lock (PGlite)', () => {
  // Two servers on one DATA_DIR both started, lost each other's writes, and once destroyed the database.
  it('refuses a second server on the same DATA_DIR, naming the folder and the running process; a killed one leaves it free', async () => {
    const dataDir = temporaryFolder();
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitForHealth(port, first);

    const second = startServer(dataDir, await freePort());
    expect((await second.exited).code).toBe(1);
    const message = second.output();
    expect(message).toContain(`its data folder ${path.join(dataDir, 'pglite')} is in use by another Parley`);
    expect(message).toContain(`process ${first.child.pid} on ${os.hostname()}`);
    expect(message).not.toMatch(/\n\s+at /);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startServer(dataDir, port);
    await waitForHealth(port, third);
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);

  it('takes over a lock whose holder is gone (exited, pid reused, machine rebooted), and keeps a live or foreign one', () => {
    const folder = path.join(temporaryFolder(), 'pglite');
    const lockFile = `${folder}.lock`;
    for (const stale of [
      holder({ pid: deadPid() }),
      holder({ processStart: '1' }),
      holder({ bootId: '00000000-0000-0000-0000-000000000000' }),
    ]) {
      writeFileSync(lockFile, stale);
      const release = lockDataFolder(folder);
      expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
      release();
      expect(existsSync(lockFile)).toBe(false);
    }

    const release = lockDataFolder(folder);
    expect(() => lockDataFolder(folder)).toThrow(StartupError);
    expect(() => lockDataFolder(folder)).toThrow(`process ${process.pid} on ${os.hostname()}`);
    release();

    writeFileSync(lockFile, holder({ host: 'another-machine', pid: 4242 }));
    expect(() => lockDataFolder(folder)).toThrow(/process 4242 on another-machine[\s\S]*delete .*pglite\.lock/);
  });

  // Two starters that both find a dead holder's lock must not both take the folder.
  it('lets exactly one of many starters racing for a stale lock take the folder', async () => {
    const folder = path.join(temporaryFolder(), 'pglite');
    writeFileSync(`${folder}.lock`, holder({ pid: deadPid() }));
    const script = `
      const { lockDataFolder } = await import(${JSON.stringify(path.join(serverRoot, 'src/db/data-dir-lock.ts'))});
      try {
        lockDataFolder(${JSON.stringify(folder)});
        process.stdout.write('took');
        await new Promise((resolve) => setTimeout(resolve, 1500));
      } catch (error) {
        process.stdout.write(error.name);
      }`;
    const racers = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: serverRoot,
      });
      children.push(child);
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      return new Promise<string>((resolve) => child.once('exit', () => resolve(text)));
    });
    const outcomes = await Promise.all(racers);
    expect(outcomes.filter((outcome) => outcome === 'took')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'StartupError')).toHaveLength(7);
  }, 60_000);
});

describe('a database PGlite cannot open', () => {
  // A damaged folder stopped every start with "RuntimeError: Aborted()" and a WebAssembly trace.
  it('stops start-up with what happened, where the folder is and how to restore it', async () => {
    const folder = path.join(temporaryFolder(), 'pglite');
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    await database.migrate();
    await database.close();
    writeFileSync(path.join(folder, 'global', 'pg_control'), Buffer.alloc(512, 7));

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failure = await openDatabase({ kind: 'pglite', dataDir: folder }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StartupError);
      const message = (failure as Error).message;
      expect(message).toContain(`Parley cannot open its embedded database in ${folder}`);
      expect(message).toContain(`mv ${folder} ${folder}.damaged-`);
      expect(message).toMatch(/restore your backup/);
      // The failed start let go of the folder: the next one reports the damage again, not a lock.
      expect(message).not.toContain('in use');
    }
  }, 60_000);
});

describe('the data folder is private', () => {
  // PGlite unpacked 968 of its 1,103 files world-writable (0666), and videos were world-readable.
  it('is 0700 with every file 0600 and every folder 0700 once the server has started', async () => {
    const dataDir = temporaryFolder();
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'videos', 'some-team'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, 'videos', 'some-team', 'a-video'), 'bytes', { mode: 0o644 });
    const app = await buildApp({ ...readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDist: '/nonexistent' });
    try {
      await app.ready();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const modes = new Map<string, number>();
      async function visit(entry: string): Promise<void> {
        const details = await stat(entry);
        modes.set(entry, details.mode & 0o777);
        if (details.isDirectory()) {
          for (const name of await readdir(entry)) {
            await visit(path.join(entry, name));
          }
        }
      }
      await visit(dataDir);
      const files = [...modes].filter(([entry]) => statSync(entry).isFile());
      const folders = [...modes].filter(([entry]) => statSync(entry).isDirectory());
      expect(files.length).toBeGreaterThan(900);
      expect(files.filter(([, mode]) => mode !== 0o600)).toEqual([]);
      expect(folders.filter(([, mode]) => mode !== 0o700)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
