import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { VideoPlayer, type VideoPlayerProps } from './video-player';

const englishTrack = { src: '/captions.en.vtt', srcLang: 'en', label: 'English' };
const englishCaptions = [englishTrack];

function renderPlayer(props: Partial<VideoPlayerProps> = {}, locale = 'en-US') {
  const result = renderWithProviders(<VideoPlayer src="/clip.webm" type="video/webm" {...props} />, { locale });
  const video = result.container.querySelector('video') as HTMLVideoElement;
  return { ...result, video, player: screen.getByRole('region', { name: 'Video player' }) };
}

/** jsdom knows no media: give the element a duration and announce it, as a browser would. */
function loadMetadata(video: HTMLVideoElement, duration: number) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent.loadedMetadata(video);
}

/** The position / duration read-out. */
function timeOf(player: HTMLElement) {
  return player.querySelector('[data-slot="video-player-time"]');
}

function stubCaptionTracks(video: HTMLVideoElement) {
  const track = { kind: 'captions', label: 'English', language: 'en', mode: 'disabled' as TextTrackMode };
  Object.defineProperty(video, 'textTracks', { configurable: true, value: [track] });
  return track;
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('VideoPlayer', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    const { player } = renderPlayer({ className: 'custom', captions: englishCaptions });
    await expectConformance(player, { slot: 'video-player', className: 'custom' });
  });

  it('plays the source with its type and poster, with the native controls off', () => {
    const { video } = renderPlayer({ poster: '/poster.jpg' });
    expect(video).not.toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', '/poster.jpg');
    const source = video.querySelector('source');
    expect(source).toHaveAttribute('src', '/clip.webm');
    expect(source).toHaveAttribute('type', 'video/webm');
  });

  it('shows the position and duration once the metadata is in', () => {
    const { video, player } = renderPlayer();
    loadMetadata(video, 125);
    expect(timeOf(player)).toHaveTextContent('0:00 / 2:05');
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('aria-valuetext', '0:00 of 2:05');
    expect(seek).toHaveAttribute('aria-valuemax', '125');
    video.currentTime = 61;
    fireEvent.timeUpdate(video);
    expect(timeOf(player)).toHaveTextContent('1:01 / 2:05');
    expect(seek).toHaveAttribute('aria-valuetext', '1:01 of 2:05');
  });

  it('plays and pauses from the button, and reports playback', async () => {
    const onPlay = vi.fn();
    const onTimeUpdate = vi.fn();
    const { video, player } = renderPlayer({ onPlay, onTimeUpdate });
    loadMetadata(video, 30);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(onPlay).toHaveBeenCalledTimes(1);
    expect(player).toHaveAttribute('data-state', 'playing');
    video.currentTime = 3.5;
    fireEvent.timeUpdate(video);
    expect(onTimeUpdate).toHaveBeenLastCalledWith(3.5);
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(player).toHaveAttribute('data-state', 'paused');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('toggles playback with Space and K on the focused player', async () => {
    const { video, player } = renderPlayer();
    loadMetadata(video, 30);
    player.focus();
    await userEvent.keyboard(' ');
    expect(player).toHaveAttribute('data-state', 'playing');
    await userEvent.keyboard('k');
    expect(player).toHaveAttribute('data-state', 'paused');
    await userEvent.keyboard('K');
    expect(player).toHaveAttribute('data-state', 'playing');
  });

  // Space on the focused play button toggled twice (button click plus the player shortcut).
  it('plays once when Space activates the focused play button', async () => {
    const { video, player } = renderPlayer();
    loadMetadata(video, 30);
    screen.getByRole('button', { name: 'Play' }).focus();
    await userEvent.keyboard(' ');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(player).toHaveAttribute('data-state', 'playing');
  });

  it('seeks five seconds with the arrow keys, within the video', async () => {
    const { video, player } = renderPlayer();
    loadMetadata(video, 12);
    player.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(5);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(video.currentTime).toBe(12);
    await userEvent.keyboard('{ArrowLeft}');
    expect(video.currentTime).toBe(7);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(0);
  });

  it('keeps time running left to right in right-to-left layouts', async () => {
    const { video, player } = renderPlayer({}, 'ar-EG');
    loadMetadata(video, 60);
    player.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(5);
    expect(player.querySelector('[data-slot="video-player-seek"]')).toHaveAttribute('dir', 'ltr');
    expect(player.querySelector('[data-slot="video-player-time"]')).toHaveAttribute('dir', 'ltr');
  });

  it('moves the seek bar by five seconds from its own arrow keys, once', async () => {
    const { video } = renderPlayer();
    loadMetadata(video, 60);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    seek.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(5);
    expect(seek).toHaveAttribute('aria-valuetext', '0:05 of 1:00');
    await userEvent.keyboard('{End}');
    expect(video.currentTime).toBe(60);
    await userEvent.keyboard('{Home}');
    expect(video.currentTime).toBe(0);
  });

  it('keeps the seek bar disabled until the duration is known', () => {
    const { video } = renderPlayer();
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('data-disabled');
    loadMetadata(video, 60);
    expect(seek).not.toHaveAttribute('data-disabled');
  });

  it('changes the volume with the arrow keys and mutes with M', async () => {
    const { video, player } = renderPlayer();
    player.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(video.volume).toBeCloseTo(0.9);
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('aria-valuenow', '90');
    expect(volume).toHaveAttribute('aria-valuetext', '90%');
    await userEvent.keyboard('m');
    expect(video.muted).toBe(true);
    expect(volume).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    // Raising the volume of a muted video brings the sound back.
    await userEvent.keyboard('{ArrowUp}');
    expect(video.muted).toBe(false);
    expect(video.volume).toBeCloseTo(0.05);
  });

  it('mutes and unmutes from the button and sets the volume from its slider', async () => {
    const { video } = renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video.muted).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    screen.getByRole('slider', { name: 'Volume' }).focus();
    await userEvent.keyboard('{Home}');
    expect(video.volume).toBe(0);
  });

  it('offers no captions button without caption tracks', () => {
    renderPlayer();
    expect(screen.queryByRole('button', { name: 'Show captions' })).toBeNull();
  });

  it('renders caption tracks and shows or hides them from the button and with C', async () => {
    const { video, player } = renderPlayer({ captions: englishCaptions });
    const trackElement = video.querySelector('track');
    expect(trackElement).toHaveAttribute('kind', 'captions');
    expect(trackElement).toHaveAttribute('srclang', 'en');
    expect(trackElement).toHaveAttribute('label', 'English');
    const track = stubCaptionTracks(video);
    await userEvent.click(screen.getByRole('button', { name: 'Show captions' }));
    expect(track.mode).toBe('showing');
    player.focus();
    await userEvent.keyboard('c');
    expect(track.mode).toBe('hidden');
    expect(screen.getByRole('button', { name: 'Show captions' })).toBeInTheDocument();
  });

  it('starts with captions on when a track is marked default', () => {
    renderPlayer({ captions: [{ ...englishTrack, default: true }] });
    expect(screen.getByRole('button', { name: 'Hide captions' })).toBeInTheDocument();
  });

  it('leaves captions to the caller when controlled', async () => {
    const onCaptionsVisibleChange = vi.fn();
    renderPlayer({ captions: englishCaptions, captionsVisible: false, onCaptionsVisibleChange });
    await userEvent.click(screen.getByRole('button', { name: 'Show captions' }));
    expect(onCaptionsVisibleChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Show captions' })).toBeInTheDocument();
  });

  it('enters and leaves full screen from the button and with F', async () => {
    const requestFullscreen = vi.fn(() => Promise.resolve());
    const exitFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { configurable: true, value: requestFullscreen });
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
    try {
      const { player } = renderPlayer();
      await userEvent.click(screen.getByRole('button', { name: 'Full screen' }));
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen.mock.contexts[0]).toBe(player);
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: player });
      fireEvent(document, new Event('fullscreenchange'));
      expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeInTheDocument();
      player.focus();
      await userEvent.keyboard('f');
      expect(exitFullscreen).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
      Reflect.deleteProperty(document, 'exitFullscreen');
      Reflect.deleteProperty(document, 'fullscreenElement');
    }
  });

  it('leaves shortcuts with modifier keys to the browser', async () => {
    const { video, player } = renderPlayer();
    player.focus();
    await userEvent.keyboard('{Control>}m{/Control}');
    expect(video.muted).toBe(false);
  });

  it('shows a spinner while the video loads or buffers', () => {
    const { video, player } = renderPlayer();
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.loadStart(video);
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');
    expect(player).toHaveAttribute('data-state', 'loading');
    loadMetadata(video, 10);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.waiting(video);
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');
    fireEvent.canPlay(video);
    expect(player).toHaveAttribute('data-state', 'paused');
  });

  it('reports a source that cannot be played and retries it', async () => {
    const { video, player } = renderPlayer();
    fireEvent.error(video.querySelector('source') as HTMLSourceElement);
    expect(screen.getByRole('alert')).toHaveTextContent('The video could not be played.');
    expect(player).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(HTMLMediaElement.prototype.load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');
  });

  it('ends at the full duration and replays from the start', async () => {
    const onEnded = vi.fn();
    const { video, player } = renderPlayer({ onEnded });
    loadMetadata(video, 2);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent.ended(video);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(player).toHaveAttribute('data-state', 'ended');
    expect(timeOf(player)).toHaveTextContent('0:02 / 0:02');
    await userEvent.click(screen.getByRole('button', { name: 'Replay' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
    expect(player).toHaveAttribute('data-state', 'playing');
  });

  it('starts over when the source changes', () => {
    const { video, player, rerender } = renderPlayer();
    loadMetadata(video, 2);
    fireEvent.ended(video);
    expect(player).toHaveAttribute('data-state', 'ended');
    rerender(<VideoPlayer src="/other.webm" type="video/webm" />);
    const next = player.querySelector('video') as HTMLVideoElement;
    expect(next).not.toBe(video);
    expect(next.querySelector('source')).toHaveAttribute('src', '/other.webm');
    expect(player).toHaveAttribute('data-state', 'paused');
    expect(timeOf(player)).toHaveTextContent('0:00 / 0:00');
  });

  it('hands the video element and the root to the caller', () => {
    const videoRef = { current: null as HTMLVideoElement | null };
    const ref = { current: null as HTMLElement | null };
    const { video, player } = renderPlayer({ videoRef, ref });
    expect(videoRef.current).toBe(video);
    expect(ref.current).toBe(player);
  });

  it('takes a caller-given accessible name', () => {
    renderWithProviders(<VideoPlayer src="/clip.webm" aria-label="Call recording" />);
    expect(screen.getByRole('region', { name: 'Call recording' })).toBeInTheDocument();
  });
});
