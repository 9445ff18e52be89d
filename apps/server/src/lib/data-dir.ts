import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/**
 * Makes DATA_DIR readable by Parley's own user alone: the folder and every folder in it 0700,
 * every file 0600. It holds the database, the signing key and every team's videos; PGlite unpacks
 * its files world-writable (0666). Symbolic links are left as they are. Answers how many modes changed.
 */
export async function makeDataDirPrivate(folder: string): Promise<number> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  let changed = 0;
  async function visit(entry: string): Promise<void> {
    const details = await lstat(entry).catch(() => undefined);
    if (!details || details.isSymbolicLink()) {
      return;
    }
    const wanted = details.isDirectory() ? PRIVATE_FOLDER : PRIVATE_FILE;
    if ((details.mode & 0o777) !== wanted) {
      await chmod(entry, wanted).catch(() => undefined);
      changed += 1;
    }
    if (details.isDirectory()) {
      const names = await readdir(entry).catch(() => [] as string[]);
      // A few at a time: a demo folder holds thousands of hard-linked videos.
      for (let start = 0; start < names.length; start += 64) {
        await Promise.all(names.slice(start, start + 64).map((name) => visit(path.join(entry, name))));
      }
    }
  }
  await visit(path.resolve(folder));
  return changed;
}
