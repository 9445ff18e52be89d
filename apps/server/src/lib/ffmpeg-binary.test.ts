import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from './ffmpeg-binary';

describe('which ffmpeg Parley runs', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-ffmpeg-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('takes FFMPEG_PATH when it is set, whatever else there is', () => {
    expect(findFfmpeg('/opt/ffmpeg/bin/ffmpeg', '/usr/bin')).toEqual({
      path: '/opt/ffmpeg/bin/ffmpeg',
      source: 'FFMPEG_PATH',
    });
  });

  it('prefers an executable ffmpeg on the PATH, in PATH order, and skips one that cannot run', () => {
    const first = mkdtempSync(path.join(folder, 'first-'));
    const second = mkdtempSync(path.join(folder, 'second-'));
    writeFileSync(path.join(first, 'ffmpeg'), 'not a program');
    chmodSync(path.join(first, 'ffmpeg'), 0o644);
    writeFileSync(path.join(second, 'ffmpeg'), '#!/bin/sh\n');
    chmodSync(path.join(second, 'ffmpeg'), 0o755);
    expect(findFfmpeg(undefined, [path.join(folder, 'missing'), first, second].join(path.delimiter))).toEqual({
      path: path.join(second, 'ffmpeg'),
      source: 'PATH',
    });
  });

  it('falls back to the static build installed from npm, and that build runs and has the codecs recordings need', () => {
    const found = findFfmpeg(undefined, path.join(folder, 'missing'));
    expect(found.source).toBe('npm');
    const encoders = spawnSync(found.path, ['-hide_banner', '-encoders'], { encoding: 'utf8' });
    expect(encoders.status).toBe(0);
    for (const encoder of ['libx264', 'aac', 'libvpx', 'libopus']) {
      expect(encoders.stdout).toContain(` ${encoder} `);
    }
  });

  it("says 'ffmpeg' (and so 'not found' at start-up) when there is none at all", () => {
    expect(findFfmpeg(undefined, '', () => undefined)).toEqual({ path: 'ffmpeg', source: 'none' });
  });
});
