import { formatDuration, formatNumber, useTranslation } from '@parley/i18n';
import { Spinner } from '@parley/ui/spinner';
import { VideoPlayer } from '@parley/ui/video-player';
import { useEffect, useRef } from 'react';
import { RetryAlert } from '../../components/retry-alert';
import { type RecorderErrorKind, recorderPhase } from './recorder-machine';
import type { Recorder } from './use-recorder';

/** Each failure's part of its catalogue keys: `web.record.error.<part>.title` and `.text`. */
const ERROR_KEYS: Record<RecorderErrorKind, string> = {
  'permission-denied': 'permissionDenied',
  'no-device': 'noDevice',
  'in-use': 'inUse',
  unsupported: 'unsupported',
  recorder: 'recorder',
  upload: 'upload',
  unknown: 'unknown',
};

/** The live camera, mirrored when asked (the recording itself is never mirrored). */
function LivePreview({ stream, mirrored }: { stream: MediaStream | null; mirrored: boolean }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
      if (stream) {
        void Promise.resolve(video.play?.()).catch(() => {});
      }
    }
  }, [stream]);
  return (
    <video
      ref={videoRef}
      data-testid="recorder-preview"
      aria-label={t('web.record.preview')}
      autoPlay
      muted
      playsInline
      className={`block aspect-video size-full bg-black object-cover ${mirrored ? '-scale-x-100' : ''}`}
    />
  );
}

/** The recording's running time over the live camera; paused, it says so. */
function ElapsedTime({ milliseconds, paused }: { milliseconds: number; paused: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      data-testid="recorder-elapsed"
      role="timer"
      aria-label={t(paused ? 'web.record.pausedAt' : 'web.record.recordingFor', {
        time: formatDuration(milliseconds / 1000, i18n.language),
      })}
      className="inline-flex items-center gap-2 rounded-full bg-black/70 px-3 py-1 font-medium text-sm text-white tabular-nums"
    >
      <span aria-hidden className={`size-2.5 rounded-full ${paused ? 'bg-warning' : 'animate-pulse bg-destructive'}`} />
      {formatDuration(milliseconds / 1000, i18n.language)}
    </span>
  );
}

/**
 * The camera area of the recorder: why the camera could not start (with Retry), the take's
 * playback under review, or the live camera with the countdown and the elapsed time.
 */
function RecorderStage({ recorder, mirrored }: { recorder: Recorder; mirrored: boolean }) {
  const { t, i18n } = useTranslation();
  const { state } = recorder;
  if (state.status === 'error' && state.recoverTo === 'idle') {
    const key = ERROR_KEYS[state.error];
    return (
      <div className="flex aspect-video items-center justify-center bg-muted p-6">
        <RetryAlert
          className="max-w-lg"
          title={t(`web.record.error.${key}.title`)}
          description={t(`web.record.error.${key}.text`)}
          onRetry={recorder.retry}
        />
      </div>
    );
  }
  if (recorderPhase(state) === 'review') {
    return recorder.review ? (
      <VideoPlayer
        src={recorder.review.url}
        type={recorder.review.type}
        aria-label={t('web.record.playback')}
        className="rounded-none border-0"
      />
    ) : (
      <div className="flex aspect-video items-center justify-center bg-black text-white">
        <Spinner decorative />
      </div>
    );
  }
  return (
    <div className="relative bg-black">
      <LivePreview stream={recorder.stream} mirrored={mirrored} />
      {state.status === 'requesting-permission' || (state.status === 'idle' && !recorder.stream) ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
          <Spinner decorative />
          <p className="text-sm">{t('web.record.allowAccess')}</p>
        </div>
      ) : null}
      {state.status === 'countdown' ? (
        <div
          data-testid="recorder-countdown"
          aria-hidden
          className="absolute inset-0 flex items-center justify-center bg-black/40 font-semibold text-8xl text-white tabular-nums"
        >
          {formatNumber(state.remaining, i18n.language)}
        </div>
      ) : null}
      {state.status === 'recording' || state.status === 'paused' ? (
        <div className="absolute start-3 top-3">
          <ElapsedTime milliseconds={recorder.elapsedMs} paused={state.status === 'paused'} />
        </div>
      ) : null}
    </div>
  );
}

export { RecorderStage };
