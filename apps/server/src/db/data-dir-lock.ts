import { closeSync, fsyncSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import { StartupError } from '../lib/startup-error';

/** Who holds a data folder: enough to tell a live holder from a dead one, and to name it. */
export interface LockHolder {
  pid: number;
  host: string;
  /** The kernel's boot id: a lock from before a reboot is stale whatever its pid. */
  bootId: string | null;
  /** The holder's start time in clock ticks since boot (/proc): tells a reused pid apart. */
  processStart: string | null;
  startedAt: string;
  command: string;
}

/** A lock file or takeover marker this old, yet unreadable, was left by a writer that died mid-write. */
const ABANDONED_AFTER_MS = 10_000;

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function bootId(): string | null {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

/** Field 22 of /proc/<pid>/stat (start time); the name in field 2 may hold spaces and parentheses. */
function processStart(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) {
    return null;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function thisProcess(): LockHolder {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: bootId(),
    processStart: processStart(process.pid),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The lock file's text; undefined when there is none. */
function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string' ? (value as LockHolder) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the holder still runs. Only a holder on this machine can be checked; one on another
 * host (a shared network folder) counts as running, so two machines never share the folder.
 */
export function holderIsRunning(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) {
    return true;
  }
  const currentBoot = bootId();
  if (holder.bootId && currentBoot && holder.bootId !== currentBoot) {
    return false;
  }
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === 'EPERM';
  }
  const started = processStart(holder.pid);
  return !(holder.processStart && started && holder.processStart !== started);
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Creates the file only if there is none; answers false when one exists. */
function createExclusive(file: string, text: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') {
      return false;
    }
    throw error;
  }
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  return true;
}

function removeIfSame(file: string, text: string): void {
  if (readLock(file) === text) {
    try {
      unlinkSync(file);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') {
        throw error;
      }
    }
  }
}

/**
 * Removes a stale lock, as one starter at a time: two starters that both found the same dead
 * holder must not each delete the lock the other has just taken. The takeover marker is created
 * exclusively, and under it the lock is deleted only if it is still the stale one that was read.
 */
function removeStale(file: string, staleText: string): void {
  const marker = `${file}.takeover`;
  const mine = JSON.stringify(thisProcess());
  if (!createExclusive(marker, mine)) {
    if (ageMs(marker) > ABANDONED_AFTER_MS) {
      removeIfSame(marker, readLock(marker) ?? '');
    }
    return;
  }
  try {
    removeIfSame(file, staleText);
  } finally {
    removeIfSame(marker, mine);
  }
}

function refusal(folder: string, file: string, holder: LockHolder | null): StartupError {
  const who = holder
    ? `process ${holder.pid} on ${holder.host}, started ${holder.startedAt}${holder.command ? ` (${holder.command})` : ''}`
    : 'another process';
  return new StartupError(
    [
      `Parley cannot start: its data folder ${folder} is in use by another Parley — ${who}.`,
      'Two servers on one embedded database lose each other’s writes and can damage it beyond repair.',
      'Stop the other one first, or give this one another DATA_DIR (or use PostgreSQL with DATABASE_URL to run several).',
      `If you are sure nothing else uses the folder (the holder ran on another machine), delete ${file}.`,
    ].join('\n'),
  );
}

/**
 * Takes the folder for this process alone: `<folder>.lock` is created exclusively and names this
 * process. A lock whose holder died (its pid is gone, was reused, or the machine rebooted) is
 * taken over at once; a live holder's refuses start-up with a message naming it. Answers the
 * function that releases the lock.
 */
export function lockDataFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  const mine = JSON.stringify(thisProcess());
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (createExclusive(file, mine)) {
      return () => removeIfSame(file, mine);
    }
    const text = readLock(file);
    if (text === undefined) {
      continue;
    }
    const holder = parseHolder(text);
    // An unreadable lock is being written right now, or its writer died mid-write.
    const stale = holder ? !holderIsRunning(holder) : ageMs(file) > ABANDONED_AFTER_MS;
    if (holder && !stale) {
      throw refusal(folder, file, holder);
    }
    if (stale) {
      removeStale(file, text);
    } else {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  throw refusal(folder, file, parseHolder(readLock(file) ?? ''));
}
