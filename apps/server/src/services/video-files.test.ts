import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRange } from '../routes/files';
import { containerDuration, mp4Duration, sniffContainer, webmDuration } from './video-files';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const read = (name: string) => readFileSync(path.join(fixtures, name));
const reader = (data: Buffer) => async (start: number, length: number) => data.subarray(start, start + length);

describe('container checks', () => {
  it('knows MP4 and WebM by their first bytes, and nothing else', () => {
    expect(sniffContainer(read('sample.mp4').subarray(0, 64))).toBe('video/mp4');
    expect(sniffContainer(read('sample.webm').subarray(0, 64))).toBe('video/webm');
    expect(sniffContainer(read('recorder.webm').subarray(0, 64))).toBe('video/webm');
    expect(sniffContainer(Buffer.from('<!doctype html><html>'))).toBeNull();
    expect(sniffContainer(Buffer.from('ftyp'))).toBeNull();
    expect(sniffContainer(Buffer.alloc(0))).toBeNull();
  });

  it('reads the duration from the MP4 movie header and the WebM segment info', async () => {
    const mp4 = read('sample.mp4');
    expect(await mp4Duration(reader(mp4), mp4.length)).toBe(2);
    const webm = read('sample.webm');
    expect(await webmDuration(reader(webm))).toBeCloseTo(2.008, 3);
    expect(await containerDuration('video/webm', reader(webm), webm.length)).toBe(2.008);
  });

  it('answers null, never throws, for a recording without one or for garbage', async () => {
    const recorder = read('recorder.webm');
    expect(await webmDuration(reader(recorder))).toBeNull();
    const garbage = Buffer.alloc(4096, 0xff);
    expect(await mp4Duration(reader(garbage), garbage.length)).toBeNull();
    expect(await webmDuration(reader(garbage))).toBeNull();
    const truncated = read('sample.mp4').subarray(0, 100);
    expect(await mp4Duration(reader(truncated), 100)).toBeNull();
    const zeros = Buffer.alloc(64);
    expect(await mp4Duration(reader(zeros), zeros.length)).toBeNull();
  });
});

describe('byte ranges', () => {
  it('parses single ranges as RFC 9110 has them', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-1', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });
});
