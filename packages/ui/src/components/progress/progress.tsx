import { useTranslation } from '@parley/i18n';
import { Check, X } from 'lucide-react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn';

type ProgressShape = 'bar' | 'circle';
type ProgressStatus = 'normal' | 'success' | 'error';
type ProgressSize = 'sm' | 'md' | 'lg';

type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max' | 'children'> & {
  /** Percent done, 0 to 100; leave it out (or `null`) while the amount of work is unknown. */
  value?: number | null;
  /** A horizontal bar, or a ring for uploads shown in a small space. */
  shape?: ProgressShape;
  /** `success` and `error` recolour the indicator; a bar at 100 counts as success unless told otherwise. */
  status?: ProgressStatus;
  size?: ProgressSize;
  /** The accessible name, e.g. 'Uploading recording.mp4'. */
  label?: string;
  /** Shows the percentage (or the status icon once finished) next to the bar or inside the ring. */
  showValue?: boolean;
  /** Extra text under the indicator, e.g. '12 MB of 80 MB · 1 min left'; it describes the progress bar. */
  detail?: React.ReactNode;
};

const trackHeights: Record<ProgressSize, string> = { sm: 'h-1.5', md: 'h-2', lg: 'h-3' };
const circleSizes: Record<ProgressSize, number> = { sm: 48, md: 80, lg: 120 };
const circleStrokes: Record<ProgressSize, number> = { sm: 4, md: 6, lg: 8 };

const indicatorColours: Record<ProgressStatus, string> = {
  normal: 'bg-primary',
  success: 'bg-success',
  error: 'bg-destructive',
};
const strokeColours: Record<ProgressStatus, string> = {
  normal: 'stroke-primary',
  success: 'stroke-success',
  error: 'stroke-destructive',
};
const valueColours: Record<ProgressStatus, string> = {
  normal: 'text-foreground',
  success: 'text-success',
  error: 'text-destructive',
};

function clampPercent(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) {
    return null;
  }
  return Math.min(100, Math.max(0, value));
}

/** Shows how far a task (an upload, a recording being generated) has got, as a bar or a ring. */
function Progress({
  className,
  value: valueProp,
  shape = 'bar',
  status: statusProp,
  size = 'md',
  label,
  showValue = false,
  detail,
  'aria-describedby': describedByProp,
  ...props
}: ProgressProps) {
  const { t } = useTranslation();
  const detailId = React.useId();
  const value = clampPercent(valueProp);
  const indeterminate = value === null;
  const status: ProgressStatus = statusProp ?? (value === 100 ? 'success' : 'normal');
  const valueText = indeterminate ? null : t('ui.progress.label', { percent: Math.round(value) });
  const describedBy = [describedByProp, detail ? detailId : null].filter(Boolean).join(' ') || undefined;

  const shownValue = showValue ? (
    <span
      data-slot="progress-value"
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-medium tabular-nums',
        valueColours[status],
        shape === 'bar' ? 'min-w-10 text-end text-xs' : size === 'sm' ? 'text-xs' : 'text-sm',
      )}
    >
      {status === 'success' ? (
        <Check className="size-4" />
      ) : status === 'error' ? (
        <X className="size-4" />
      ) : indeterminate ? null : (
        valueText
      )}
    </span>
  ) : null;

  const indicator =
    shape === 'circle' ? (
      <CircleIndicator value={value} status={status} size={size}>
        {shownValue}
      </CircleIndicator>
    ) : (
      <div className="flex items-center gap-2">
        <div
          data-slot="progress-track"
          className={cn('relative w-full overflow-hidden rounded-full bg-muted', trackHeights[size])}
        >
          <ProgressPrimitive.Indicator
            data-slot="progress-indicator"
            className={cn(
              'h-full rounded-full transition-[width] duration-300',
              indicatorColours[status],
              indeterminate && 'w-full animate-pulse opacity-60',
            )}
            style={indeterminate ? undefined : { width: `${value}%` }}
          />
        </div>
        {shownValue}
      </div>
    );

  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      data-shape={shape}
      data-status={status}
      data-size={size}
      value={value}
      max={100}
      getValueLabel={(current) =>
        t(status === 'error' ? 'ui.progress.failed' : 'ui.progress.label', { percent: Math.round(current) })
      }
      aria-label={label}
      aria-describedby={describedBy}
      className={cn('flex flex-col gap-1.5 text-start', shape === 'bar' ? 'w-full' : 'w-fit items-center', className)}
      {...props}
    >
      {indicator}
      {detail ? (
        <div data-slot="progress-detail" id={detailId} className="text-muted-foreground text-xs tabular-nums">
          {detail}
        </div>
      ) : null}
    </ProgressPrimitive.Root>
  );
}

function CircleIndicator({
  value,
  status,
  size,
  children,
}: {
  value: number | null;
  status: ProgressStatus;
  size: ProgressSize;
  children: React.ReactNode;
}) {
  const diameter = circleSizes[size];
  const stroke = circleStrokes[size];
  const radius = (diameter - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  // While indeterminate, a quarter of the ring spins.
  const shown = value === null ? 25 : value;
  return (
    <div data-slot="progress-circle" className="relative inline-flex" style={{ width: diameter, height: diameter }}>
      <svg
        aria-hidden
        width={diameter}
        height={diameter}
        viewBox={`0 0 ${diameter} ${diameter}`}
        // Starts at the top and runs clockwise; mirrored in right-to-left layouts. CSS scales before it
        // rotates, so the mirrored ring turns the other way to bring its start back to the top.
        className={cn('-rotate-90 rtl:rotate-90 rtl:-scale-x-100', value === null && 'animate-spin')}
      >
        <circle
          cx={diameter / 2}
          cy={diameter / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          className="stroke-muted"
        />
        <ProgressPrimitive.Indicator asChild>
          <circle
            data-slot="progress-indicator"
            cx={diameter / 2}
            cy={diameter / 2}
            r={radius}
            fill="none"
            strokeWidth={stroke}
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - shown / 100)}
            className={cn('transition-[stroke-dashoffset] duration-300', strokeColours[status])}
          />
        </ProgressPrimitive.Indicator>
      </svg>
      <div className="absolute inset-0 flex items-center justify-center">{children}</div>
    </div>
  );
}

export { Progress, type ProgressProps, type ProgressShape, type ProgressSize, type ProgressStatus };
