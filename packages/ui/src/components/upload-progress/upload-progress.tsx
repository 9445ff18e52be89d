import { formatNumber, useTranslation } from '@parley/i18n';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Progress } from '../progress/progress';

/** Where an upload stands. */
type UploadProgressStatus = 'uploading' | 'success' | 'error';

type UploadProgressProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** What is being uploaded (a title or file name); it names the progress bar. */
  name: string;
  /** Bytes sent so far. */
  sentBytes: number;
  /** Bytes in all. */
  totalBytes: number;
  /** Seconds left at the current rate; `null` while it cannot be told yet. */
  secondsLeft?: number | null;
  status?: UploadProgressStatus;
  /** Why it failed, shown under the bar in the error state. */
  errorText?: React.ReactNode;
  /** Shows Cancel while uploading. */
  onCancel?: () => void;
  /** Shows Retry after a failure. */
  onRetry?: () => void;
  /** Turns Cancel into a busy button while the cancellation runs. */
  cancelling?: boolean;
};

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size in the largest unit that keeps it at or above 1 (1024 steps), in the locale's words. */
function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return formatNumber(value, locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit >= 2 ? 1 : 0,
  });
}

/**
 * An upload's progress: a bar with the percentage, bytes sent of the total and the time left,
 * with Cancel while it runs and Retry when it failed.
 */
function UploadProgress({
  name,
  sentBytes,
  totalBytes,
  secondsLeft = null,
  status = 'uploading',
  errorText,
  onCancel,
  onRetry,
  cancelling = false,
  className,
  ...props
}: UploadProgressProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const percent = totalBytes > 0 ? (Math.min(sentBytes, totalBytes) / totalBytes) * 100 : 0;
  const bytes = t('ui.upload.bytes', {
    sent: formatBytes(Math.min(sentBytes, totalBytes), locale),
    total: formatBytes(totalBytes, locale),
  });

  let timeLeft: string | null = null;
  if (status === 'uploading') {
    if (secondsLeft === null || !Number.isFinite(secondsLeft)) {
      timeLeft = t('ui.upload.estimating');
    } else if (secondsLeft < 60) {
      timeLeft = t('ui.upload.secondsLeft', { seconds: Math.max(1, Math.ceil(secondsLeft)) });
    } else if (secondsLeft < 3600) {
      timeLeft = t('ui.upload.minutesLeft', { minutes: Math.ceil(secondsLeft / 60) });
    } else {
      timeLeft = t('ui.upload.hoursLeft', { hours: Math.ceil(secondsLeft / 3600) });
    }
  }
  const detail =
    status === 'error'
      ? (errorText ?? t('ui.upload.failed'))
      : status === 'success'
        ? t('ui.upload.done')
        : `${bytes} · ${timeLeft}`;

  return (
    <div
      data-slot="upload-progress"
      data-state={status}
      className={cn('flex w-full flex-col gap-2 text-start', className)}
      {...props}
    >
      <div className="flex items-center justify-between gap-3">
        <span data-slot="upload-progress-name" className="min-w-0 truncate font-medium text-sm">
          {name}
        </span>
        {status === 'uploading' && onCancel ? (
          <Button
            data-slot="upload-progress-cancel"
            variant="outline"
            size="sm"
            loading={cancelling}
            onClick={onCancel}
          >
            {t('ui.action.cancel')}
          </Button>
        ) : null}
        {status === 'error' && onRetry ? (
          <Button data-slot="upload-progress-retry" variant="outline" size="sm" onClick={onRetry}>
            {t('ui.action.retry')}
          </Button>
        ) : null}
      </div>
      <Progress
        value={status === 'success' ? 100 : percent}
        status={status === 'error' ? 'error' : status === 'success' ? 'success' : 'normal'}
        label={name}
        showValue
        detail={
          <span data-slot="upload-progress-detail" className={cn(status === 'error' && 'text-destructive')}>
            {detail}
          </span>
        }
      />
      {/* Says aloud when the upload ends, either way; the bar's value is read on demand. */}
      <span data-slot="upload-progress-announcement" role="status" className="sr-only">
        {status === 'success' ? t('ui.upload.done') : status === 'error' ? t('ui.upload.failed') : ''}
      </span>
    </div>
  );
}

export { formatBytes, UploadProgress, type UploadProgressProps, type UploadProgressStatus };
