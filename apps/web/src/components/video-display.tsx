import type { Video } from '@parley/api';
import { formatDate, formatDuration, useTranslation } from '@parley/i18n';
import { cn } from '@parley/ui/lib/cn';
import { RecordingStatus, type RecordingStatusValue } from '@parley/ui/recording-status';
import { Film } from 'lucide-react';
import { resolveApiUrl } from '../lib/api-url';

/** The video statuses as RecordingStatus shows them: still uploading or processing is "in progress". */
export function recordingStatusOf(status: Video['status']): RecordingStatusValue {
  switch (status) {
    case 'uploading':
    case 'processing':
      return 'generating';
    case 'ready':
      return 'ready';
    case 'error':
      return 'error';
    default:
      status satisfies never;
      return 'error';
  }
}

/** A video's length in the locale's digits, or a dash when nobody knows it yet. */
export function VideoDuration({ seconds }: { seconds: number | null }) {
  const { i18n, t } = useTranslation();
  if (seconds === null) {
    return (
      <span>
        <span aria-hidden>–</span>
        <span className="sr-only">{t('web.video.durationUnknown')}</span>
      </span>
    );
  }
  return <time dateTime={`PT${Math.round(seconds)}S`}>{formatDuration(seconds, i18n.language)}</time>;
}

export function VideoDate({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={value}>{formatDate(value, i18n.language, { dateStyle: 'medium' })}</time>;
}

/** The poster (or a placeholder while there is none) with the duration in a corner. */
export function VideoThumbnail({
  video,
  className,
  showDuration = true,
}: {
  video: Pick<Video, 'posterUrl' | 'durationSeconds'>;
  className?: string;
  showDuration?: boolean;
}) {
  return (
    <span className={cn('relative block aspect-video overflow-hidden rounded-md bg-muted', className)}>
      {video.posterUrl ? (
        <img src={resolveApiUrl(video.posterUrl)} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-muted-foreground">
          <Film aria-hidden className="size-6" />
        </span>
      )}
      {showDuration && video.durationSeconds !== null ? (
        <span className="absolute end-1 bottom-1 rounded-sm bg-black/75 px-1 text-white text-xs tabular-nums">
          <VideoDuration seconds={video.durationSeconds} />
        </span>
      ) : null}
    </span>
  );
}

/**
 * Where the video stands: RecordingStatus, with the status in words for uploading and processing;
 * a failed video says 'Failed' next to the error icon (SPEC §8's advice is about call recordings).
 */
export function VideoStatus({ video, onPlay }: { video: Pick<Video, 'status' | 'errorMessage'>; onPlay?: () => void }) {
  const { t } = useTranslation();
  if (video.status === 'error') {
    return <RecordingStatus status="error" errorText={t('web.video.status.error')} />;
  }
  return (
    <span className="inline-flex items-center gap-1">
      <RecordingStatus status={recordingStatusOf(video.status)} {...(onPlay ? { onPlay } : {})} />
      {video.status === 'ready' ? null : (
        <span className="text-muted-foreground text-xs">{t(`web.video.status.${video.status}`)}</span>
      )}
    </span>
  );
}
