import { describe, expect, it } from 'vitest';
import { FRAME_TAG, frameHash, isFrameMessage, isLoaderMessage, LOADER_TAG, readFrameHash } from './protocol';

describe('what loader and frame say to each other', () => {
  it("carries the host page, language and theme in the frame's address, and reads back only what it knows", () => {
    const hash = frameHash({ host: 'https://shop.example.com', language: 'ar-EG', theme: 'dark' });
    expect(readFrameHash(`#${hash}`)).toEqual({ host: 'https://shop.example.com', language: 'ar-EG', theme: 'dark' });
    expect(readFrameHash('#theme=purple&other=1')).toEqual({});
    expect(readFrameHash('')).toEqual({});
  });

  it('takes only messages of the right shape and tag', () => {
    expect(isFrameMessage({ source: FRAME_TAG, type: 'ready' })).toBe(true);
    expect(isFrameMessage({ source: FRAME_TAG, type: 'close' })).toBe(true);
    expect(isFrameMessage({ source: LOADER_TAG, type: 'close' })).toBe(false);
    expect(isFrameMessage({ source: FRAME_TAG, type: 'navigate' })).toBe(false);
    expect(isFrameMessage('close')).toBe(false);
    expect(isFrameMessage(null)).toBe(false);
    expect(isLoaderMessage({ source: LOADER_TAG, type: 'theme', theme: 'dark' })).toBe(true);
    expect(isLoaderMessage({ source: LOADER_TAG, type: 'theme', theme: 'blue' })).toBe(false);
    expect(isLoaderMessage({ source: LOADER_TAG, type: 'hidden' })).toBe(true);
    expect(isLoaderMessage({ source: LOADER_TAG, type: 'shown' })).toBe(false);
    expect(isLoaderMessage({ source: FRAME_TAG, type: 'theme', theme: 'dark' })).toBe(false);
  });
});
