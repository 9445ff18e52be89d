import { describe, expect, it } from 'vitest';
import { chooseRecordingMimeType, videoContentType, videoFileExtension } from './mime';

describe('chooseRecordingMimeType', () => {
  it('prefers MP4 with H.264 where the browser records it', () => {
    expect(chooseRecordingMimeType(() => true)).toBe('video/mp4;codecs=avc1');
  });

  it('falls back to WebM VP9, then VP8, with Opus', () => {
    expect(chooseRecordingMimeType((type) => type.startsWith('video/webm'))).toBe('video/webm;codecs=vp9,opus');
    expect(chooseRecordingMimeType((type) => type === 'video/webm;codecs=vp8,opus')).toBe('video/webm;codecs=vp8,opus');
    expect(chooseRecordingMimeType((type) => type === 'video/webm')).toBe('video/webm');
  });

  it('leaves the choice to MediaRecorder when nothing is supported or it cannot tell', () => {
    expect(chooseRecordingMimeType(() => false)).toBeUndefined();
    expect(chooseRecordingMimeType(undefined)).toBeUndefined();
    expect(
      chooseRecordingMimeType(() => {
        throw new Error('broken');
      }),
    ).toBeUndefined();
  });
});

describe('videoContentType', () => {
  it('is the container without codecs', () => {
    expect(videoContentType('video/mp4;codecs=avc1,opus')).toBe('video/mp4');
    expect(videoContentType('video/webm;codecs=vp9,opus')).toBe('video/webm');
    expect(videoContentType('')).toBe('video/webm');
    expect(videoContentType(undefined)).toBe('video/webm');
    expect(videoFileExtension('video/mp4')).toBe('mp4');
    expect(videoFileExtension('video/webm')).toBe('webm');
  });
});
