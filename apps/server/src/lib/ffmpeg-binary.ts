import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the ffmpeg comes from, for the start-up log. */
export type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | 'npm' | 'none';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The static build that `@ffmpeg-installer/ffmpeg` installs from the npm registry for this platform. */
function npmFfmpeg(): string | undefined {
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof installer.path === 'string' && isExecutable(installer.path) ? installer.path : undefined;
  } catch {
    // A platform the package has no build for: it throws when loaded.
    return undefined;
  }
}

/**
 * The ffmpeg Parley runs: FFMPEG_PATH when it is set; else one on the PATH (Debian's, with its
 * security updates); else the static build installed with Parley from the npm registry, so that a
 * fresh machine with Node.js alone makes posters and call recordings too.
 */
export function findFfmpeg(
  configured: string | undefined,
  searchPath = process.env.PATH ?? '',
  fromNpm: () => string | undefined = npmFfmpeg,
): { path: string; source: FfmpegSource } {
  if (configured) {
    return { path: configured, source: 'FFMPEG_PATH' };
  }
  for (const directory of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(directory, 'ffmpeg');
    if (isExecutable(candidate)) {
      return { path: candidate, source: 'PATH' };
    }
  }
  const bundled = fromNpm();
  return bundled ? { path: bundled, source: 'npm' } : { path: 'ffmpeg', source: 'none' };
}
