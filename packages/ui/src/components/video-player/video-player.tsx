import { formatDuration, formatNumber, useTranslation } from '@parley/i18n';
import {
  Captions,
  CaptionsOff,
  CircleAlert,
  Maximize,
  Minimize,
  Pause,
  Play,
  RotateCcw,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { Slider } from 'radix-ui';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';

/** How far the arrow keys move playback, in seconds. */
const SEEK_STEP_SECONDS = 5;
/** How far the arrow keys move the volume, in percent. */
const VOLUME_STEP_PERCENT = 5;
/** HTMLMediaElement.HAVE_METADATA and NETWORK_LOADING, which jsdom does not define as statics. */
const HAVE_METADATA = 1;
const NETWORK_LOADING = 2;

interface VideoCaptionTrack {
  /** Address of the WebVTT file. */
  src: string;
  /** Language of the captions, as a BCP 47 tag. */
  srcLang: string;
  /** Name of the track, as a person would pick it. */
  label: string;
  /** The track the captions button turns on; without one, the first track is used. */
  default?: boolean;
}

type VideoPlayerState = 'loading' | 'paused' | 'playing' | 'ended' | 'error';

type VideoPlayerProps = Omit<React.ComponentProps<'section'>, 'children' | 'onPlay' | 'onEnded' | 'onTimeUpdate'> & {
  /** Address of the video file. */
  src: string;
  /** MIME type of the file (`video/webm`, `video/mp4`), so the browser skips what it cannot play. */
  type?: string;
  /** Image shown until playback starts. */
  poster?: string;
  /** Caption tracks; the captions button shows the default one, or else the first. */
  captions?: VideoCaptionTrack[];
  /** Whether captions show (controlled). */
  captionsVisible?: boolean;
  /** Whether captions show at first (uncontrolled); defaults to whether a track is marked default. */
  defaultCaptionsVisible?: boolean;
  /** Called when captions are shown or hidden. */
  onCaptionsVisibleChange?: (visible: boolean) => void;
  /** How much the browser fetches before playback: 'metadata' shows the first frame and duration. */
  preload?: 'none' | 'metadata' | 'auto';
  /** The underlying `<video>`, for callers that drive playback themselves. */
  videoRef?: React.Ref<HTMLVideoElement>;
  /** Called when playback starts or resumes. */
  onPlay?: () => void;
  /** Called when playback reaches the end. */
  onEnded?: () => void;
  /** Called as playback advances, with the position in seconds. */
  onTimeUpdate?: (currentTime: number) => void;
};

type FullscreenCapableVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

function assignRef<T>(ref: React.Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') {
    ref(value);
  } else if (ref) {
    ref.current = value;
  }
}

function finiteOrZero(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The track the captions button drives: the one marked default, or else the first. */
function activeCaptionIndex(captions: VideoCaptionTrack[]): number {
  return Math.max(
    0,
    captions.findIndex((track) => track.default),
  );
}

/**
 * Shows the active caption track or hides it, and keeps the others off. Text tracks follow the
 * order of the `<track>` elements, which are the only ones the player has.
 */
function applyCaptionModes(video: HTMLVideoElement, activeIndex: number, visible: boolean): void {
  const tracks = Array.from(video.textTracks ?? []).filter(
    (track) => track.kind === 'captions' || track.kind === 'subtitles',
  );
  tracks.forEach((track, index) => {
    const mode: TextTrackMode = index === activeIndex ? (visible ? 'showing' : 'hidden') : 'disabled';
    if (track.mode !== mode) {
      track.mode = mode;
    }
  });
}

/**
 * A video with Parley's own accessible controls: play and pause, a seek bar, time, mute and
 * volume, captions and full screen, all operable from the keyboard while the player has focus.
 * Give each player on a page its own `aria-label` when there is more than one.
 */
function VideoPlayer({
  src,
  type,
  poster,
  captions = [],
  captionsVisible: captionsVisibleProp,
  defaultCaptionsVisible,
  onCaptionsVisibleChange,
  preload = 'metadata',
  videoRef,
  onPlay,
  onEnded,
  onTimeUpdate,
  onKeyDown,
  className,
  ref,
  ...props
}: VideoPlayerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const shortcutsId = React.useId();
  const containerRef = React.useRef<HTMLElement | null>(null);
  const mediaRef = React.useRef<HTMLVideoElement | null>(null);
  // The element itself, as state, so effects run again for the new <video> a new src mounts.
  const [videoElement, setVideoElement] = React.useState<HTMLVideoElement | null>(null);

  const [paused, setPaused] = React.useState(true);
  const [ended, setEnded] = React.useState(false);
  const [loading, setLoading] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const [currentTime, setCurrentTime] = React.useState(0);
  const [duration, setDuration] = React.useState(0);
  const [volume, setVolume] = React.useState(1);
  const [muted, setMuted] = React.useState(false);
  const [fullscreen, setFullscreen] = React.useState(false);
  const [captionsVisible, setCaptionsVisible] = useControllableState(
    captionsVisibleProp,
    defaultCaptionsVisible ?? captions.some((track) => track.default),
    onCaptionsVisibleChange,
  );
  const hasCaptions = captions.length > 0;
  const captionIndex = activeCaptionIndex(captions);

  const setContainer = React.useCallback(
    (node: HTMLElement | null) => {
      containerRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );
  const setMedia = React.useCallback(
    (node: HTMLVideoElement | null) => {
      mediaRef.current = node;
      setVideoElement(node);
      assignRef(videoRef, node);
    },
    [videoRef],
  );

  // A new source is a new video: start again from what the element reports.
  React.useEffect(() => {
    const video = videoElement;
    if (!video) {
      return;
    }
    setPaused(video.paused);
    setEnded(video.ended);
    setFailed(Boolean(video.error));
    setLoading(video.networkState === NETWORK_LOADING && video.readyState < HAVE_METADATA);
    setCurrentTime(finiteOrZero(video.currentTime));
    setDuration(finiteOrZero(video.duration));
    setVolume(video.volume);
    setMuted(video.muted);
  }, [videoElement]);

  // Browsers may switch a default track on by themselves; the captions button has the last word.
  React.useEffect(() => {
    const video = videoElement;
    if (!video || !hasCaptions) {
      return;
    }
    const apply = () => applyCaptionModes(video, captionIndex, captionsVisible);
    apply();
    const tracks = video.textTracks;
    if (typeof tracks?.addEventListener !== 'function') {
      return;
    }
    tracks.addEventListener('addtrack', apply);
    tracks.addEventListener('change', apply);
    return () => {
      tracks.removeEventListener('addtrack', apply);
      tracks.removeEventListener('change', apply);
    };
  }, [videoElement, hasCaptions, captionIndex, captionsVisible]);

  React.useEffect(() => {
    const handleFullscreenChange = () => {
      setFullscreen(containerRef.current !== null && document.fullscreenElement === containerRef.current);
    };
    document.addEventListener('fullscreenchange', handleFullscreenChange);
    return () => document.removeEventListener('fullscreenchange', handleFullscreenChange);
  }, []);

  const play = () => {
    const video = mediaRef.current;
    if (!video) {
      return;
    }
    // play() rejects when a pause interrupts it or the browser blocks it; the events tell the state.
    void Promise.resolve(video.play()).catch(() => {});
  };

  const togglePlay = () => {
    if (failed) {
      return;
    }
    if (paused) {
      play();
    } else {
      mediaRef.current?.pause();
    }
  };

  const seekTo = (seconds: number) => {
    const video = mediaRef.current;
    if (!video) {
      return;
    }
    const target = duration > 0 ? clamp(seconds, 0, duration) : Math.max(0, seconds);
    video.currentTime = target;
    setCurrentTime(target);
    if (duration > 0 && target < duration) {
      setEnded(false);
    }
  };

  const seekBy = (seconds: number) => {
    seekTo((mediaRef.current?.currentTime ?? currentTime) + seconds);
  };

  const setVolumePercent = (percent: number) => {
    const video = mediaRef.current;
    if (!video) {
      return;
    }
    const next = clamp(Math.round(percent), 0, 100) / 100;
    video.volume = next;
    if (next > 0 && video.muted) {
      video.muted = false;
    }
  };

  const toggleMute = () => {
    const video = mediaRef.current;
    if (!video) {
      return;
    }
    video.muted = !video.muted;
  };

  const toggleCaptions = () => setCaptionsVisible(!captionsVisible);

  const toggleFullscreen = () => {
    const container = containerRef.current;
    const video = mediaRef.current as FullscreenCapableVideo | null;
    if (!container) {
      return;
    }
    if (document.fullscreenElement) {
      void Promise.resolve(document.exitFullscreen?.()).catch(() => {});
    } else if (typeof container.requestFullscreen === 'function') {
      void Promise.resolve(container.requestFullscreen()).catch(() => {});
    } else {
      // iOS Safari offers full screen only on the video itself, with its native controls.
      video?.webkitEnterFullscreen?.();
    }
  };

  const retry = () => {
    const video = mediaRef.current;
    if (!video) {
      return;
    }
    setFailed(false);
    setLoading(true);
    video.load();
  };

  const fail = () => {
    setFailed(true);
    setLoading(false);
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    // Sliders handle their own arrows (and mark the event); shortcuts never take modifier chords.
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const target = event.target as HTMLElement;
    const onButton = target !== event.currentTarget && target.closest('button') !== null;
    switch (event.key) {
      case ' ':
        if (onButton) {
          return;
        }
        togglePlay();
        break;
      case 'k':
      case 'K':
        togglePlay();
        break;
      // Time runs left to right in every language, like the seek bar (dir="ltr").
      case 'ArrowLeft':
        seekBy(-SEEK_STEP_SECONDS);
        break;
      case 'ArrowRight':
        seekBy(SEEK_STEP_SECONDS);
        break;
      case 'ArrowUp':
        setVolumePercent((muted ? 0 : volume * 100) + VOLUME_STEP_PERCENT);
        break;
      case 'ArrowDown':
        setVolumePercent((muted ? 0 : volume * 100) - VOLUME_STEP_PERCENT);
        break;
      case 'm':
      case 'M':
        toggleMute();
        break;
      case 'c':
      case 'C':
        if (!hasCaptions) {
          return;
        }
        toggleCaptions();
        break;
      case 'f':
      case 'F':
        toggleFullscreen();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const handleSeekKeyDown = (event: React.KeyboardEvent<HTMLSpanElement>) => {
    // The seek bar moves by the same five seconds as the player's own arrow keys.
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') {
      event.preventDefault();
      seekBy(-SEEK_STEP_SECONDS);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') {
      event.preventDefault();
      seekBy(SEEK_STEP_SECONDS);
    }
  };

  const state: VideoPlayerState = failed
    ? 'error'
    : loading
      ? 'loading'
      : ended
        ? 'ended'
        : paused
          ? 'paused'
          : 'playing';
  const shownTime = ended ? duration : currentTime;
  const volumePercent = muted ? 0 : Math.round(volume * 100);
  const currentLabel = formatDuration(shownTime, locale);
  const durationLabel = formatDuration(duration, locale);
  const VolumeIcon = volumePercent === 0 ? VolumeX : volumePercent < 50 ? Volume1 : Volume2;

  let playLabel = t('ui.video.pause');
  let PlayIcon = Pause;
  if (ended) {
    playLabel = t('ui.video.replay');
    PlayIcon = RotateCcw;
  } else if (paused) {
    playLabel = t('ui.video.play');
    PlayIcon = Play;
  }

  return (
    <section
      ref={setContainer}
      data-slot="video-player"
      data-state={state}
      data-fullscreen={fullscreen ? '' : undefined}
      aria-label={t('ui.video.player')}
      aria-describedby={shortcutsId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes focus so its keyboard shortcuts work
      tabIndex={0}
      onKeyDown={handleKeyDown}
      className={cn(
        // A container: the controls lay themselves out by the player's own width (a phone, a narrow dialog).
        '@container/video-player group/video-player relative flex w-full flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground',
        'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'data-fullscreen:rounded-none data-fullscreen:border-0',
        className,
      )}
      {...props}
    >
      <p id={shortcutsId} hidden>
        {t('ui.video.shortcuts')}
      </p>
      <div data-slot="video-player-screen" className="relative min-h-0 flex-1 bg-black">
        {/* Clicking the picture is a pointer convenience; the keyboard has Space and K on the player. */}
        {/* biome-ignore lint/a11y/useMediaCaption: tracks come from the captions prop; a caller without captions has none to give */}
        <video
          ref={setMedia}
          key={src}
          data-slot="video-player-video"
          className="block aspect-video size-full object-contain group-data-fullscreen/video-player:aspect-auto"
          poster={poster}
          preload={preload}
          playsInline
          onClick={togglePlay}
          onLoadStart={() => setLoading(true)}
          onLoadedMetadata={(event) => {
            setDuration(finiteOrZero(event.currentTarget.duration));
            setLoading(false);
          }}
          onDurationChange={(event) => setDuration(finiteOrZero(event.currentTarget.duration))}
          onLoadedData={() => setLoading(false)}
          onCanPlay={() => setLoading(false)}
          onSuspend={(event) => {
            if (event.currentTarget.readyState >= HAVE_METADATA || event.currentTarget.preload === 'none') {
              setLoading(false);
            }
          }}
          onWaiting={() => setLoading(true)}
          onPlaying={() => setLoading(false)}
          onPlay={() => {
            setPaused(false);
            setEnded(false);
            onPlay?.();
          }}
          onPause={() => setPaused(true)}
          onEnded={() => {
            setPaused(true);
            setEnded(true);
            onEnded?.();
          }}
          onTimeUpdate={(event) => {
            const time = event.currentTarget.currentTime;
            setCurrentTime(time);
            onTimeUpdate?.(time);
          }}
          onSeeked={(event) => setCurrentTime(event.currentTarget.currentTime)}
          onVolumeChange={(event) => {
            setVolume(event.currentTarget.volume);
            setMuted(event.currentTarget.muted);
          }}
          onError={fail}
        >
          <source src={src} type={type} onError={fail} />
          {captions.map((track) => (
            <track
              key={track.src}
              kind="captions"
              src={track.src}
              srcLang={track.srcLang}
              label={track.label}
              default={track.default}
            />
          ))}
        </video>
        {state === 'loading' ? (
          <div
            data-slot="video-player-loading"
            className="pointer-events-none absolute inset-0 flex items-center justify-center text-white"
          >
            <Spinner size="lg" label={t('ui.video.loading')} />
          </div>
        ) : null}
        {state === 'error' ? (
          <div
            data-slot="video-player-error"
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-card p-4 text-center text-card-foreground"
          >
            <CircleAlert aria-hidden className="size-8 text-destructive" />
            <p className="text-sm">{t('ui.video.error')}</p>
            <Button variant="outline" size="sm" icon={<RotateCcw aria-hidden />} onClick={retry}>
              {t('ui.action.retry')}
            </Button>
          </div>
        ) : null}
      </div>
      {/*
        Narrower than 28rem (a phone), the seek bar takes a row of its own above the buttons, the
        whole width, and the volume is left to the mute button, the arrow keys and the device.
      */}
      <div data-slot="video-player-controls" className="flex flex-wrap items-center gap-1 px-2 py-1.5">
        <Button
          data-slot="video-player-play"
          variant="ghost"
          size="icon"
          aria-label={playLabel}
          disabled={failed}
          onClick={togglePlay}
        >
          <PlayIcon aria-hidden />
        </Button>
        <span
          data-slot="video-player-time"
          dir="ltr"
          className="shrink-0 px-1 text-muted-foreground text-xs tabular-nums @max-md/video-player:me-auto"
        >
          {/* Each time is isolated: Arabic-Indic digits on both sides of the slash would otherwise swap them. */}
          <bdi>{currentLabel}</bdi> / <bdi>{durationLabel}</bdi>
        </span>
        <Slider.Root
          data-slot="video-player-seek"
          dir="ltr"
          className={cn(
            'relative flex h-8 min-w-16 flex-1 touch-none select-none items-center px-1 data-disabled:opacity-50',
            '@max-md/video-player:order-first @max-md/video-player:basis-full',
          )}
          min={0}
          max={duration > 0 ? duration : 1}
          step={0.1}
          value={[duration > 0 ? clamp(shownTime, 0, duration) : 0]}
          disabled={failed || duration <= 0}
          onValueChange={([seconds]) => {
            if (seconds !== undefined) {
              seekTo(seconds);
            }
          }}
          onKeyDown={handleSeekKeyDown}
        >
          <Slider.Track className="relative h-1 grow overflow-hidden rounded-full bg-input">
            <Slider.Range className="absolute h-full bg-primary" />
          </Slider.Track>
          <Slider.Thumb
            aria-label={t('ui.video.seek')}
            aria-valuetext={t('ui.video.seekValue', { current: currentLabel, duration: durationLabel })}
            className="block size-3.5 rounded-full border-2 border-primary bg-background shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </Slider.Root>
        <Button
          data-slot="video-player-mute"
          variant="ghost"
          size="icon"
          aria-label={muted ? t('ui.video.unmute') : t('ui.video.mute')}
          onClick={toggleMute}
        >
          <VolumeIcon aria-hidden />
        </Button>
        <Slider.Root
          data-slot="video-player-volume"
          className="relative flex h-8 w-20 shrink-0 touch-none select-none items-center px-1 @max-md/video-player:hidden"
          min={0}
          max={100}
          step={VOLUME_STEP_PERCENT}
          value={[volumePercent]}
          onValueChange={([percent]) => {
            if (percent !== undefined) {
              setVolumePercent(percent);
            }
          }}
        >
          <Slider.Track className="relative h-1 grow overflow-hidden rounded-full bg-input">
            <Slider.Range className="absolute h-full bg-primary" />
          </Slider.Track>
          <Slider.Thumb
            aria-label={t('ui.video.volume')}
            aria-valuetext={t('ui.video.volumeValue', { percent: formatNumber(volumePercent, locale) })}
            className="block size-3.5 rounded-full border-2 border-primary bg-background shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </Slider.Root>
        {hasCaptions ? (
          <Button
            data-slot="video-player-captions"
            variant="ghost"
            size="icon"
            aria-label={captionsVisible ? t('ui.video.captionsOff') : t('ui.video.captionsOn')}
            onClick={toggleCaptions}
          >
            {captionsVisible ? <Captions aria-hidden /> : <CaptionsOff aria-hidden />}
          </Button>
        ) : null}
        <Button
          data-slot="video-player-fullscreen"
          variant="ghost"
          size="icon"
          aria-label={fullscreen ? t('ui.video.exitFullscreen') : t('ui.video.fullscreen')}
          onClick={toggleFullscreen}
        >
          {fullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
        </Button>
      </div>
    </section>
  );
}

export { type VideoCaptionTrack, VideoPlayer, type VideoPlayerProps, type VideoPlayerState };
