import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CirclePlay, FileVideoCamera, RotateCcw } from 'lucide-react';
import { Direction, Tooltip } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { TOOLTIP_DELAY_MS } from '../../lib/tooltip-delay';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';

/** ARCHITECTURE §6 / SPEC §4: where a call's recording stands. */
type RecordingStatusValue = 'none' | 'generating' | 'ready' | 'error';

const recordingStatusVariants = cva('inline-flex max-w-full items-center text-sm', {
  variants: {
    variant: {
      compact: 'gap-0',
      labelled: 'gap-2',
    },
  },
  defaultVariants: { variant: 'compact' },
});

/** The focusable indicator that carries a compact tooltip when there is no button to carry it. */
const indicatorClassName =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4';

type RecordingStatusProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof recordingStatusVariants> & {
    /** Where the recording stands: not generated, being generated, ready to play, or failed. */
    status: RecordingStatusValue;
    /** Called when a person asks to generate a recording that does not exist yet. */
    onGenerate?: () => void;
    /** Called when a person asks to play a ready recording. */
    onPlay?: () => void;
    /**
     * Called when a person asks to try a failed recording again; without it the error state has
     * no Retry button.
     */
    onRetry?: () => void;
    /**
     * What the error state says instead of SPEC §8's 'Recording cannot be generated ,Please contact
     * admin', e.g. the cause for the admin, who is the one a member is told to contact.
     */
    errorText?: string;
    /** Turns the generate, play and retry buttons off, e.g. while the row is being saved. */
    disabled?: boolean;
    /**
     * What the recording belongs to, e.g. 'Call 42'. It is added to the accessible names, so a
     * column of statuses reads apart ('Play recording, Call 42'); the visible text stays short.
     */
    subject?: string;
  };

/** Icon only, with the full text in a tooltip (on hover and on keyboard focus) and as the accessible name. */
function CompactHint({ text, children }: { text: string; children: React.ReactElement }) {
  const dir = Direction.useDirection();
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            data-slot="recording-status-tooltip"
            dir={dir}
            side="top"
            sideOffset={4}
            className="z-50 max-w-64 rounded-md border border-border bg-popover px-2 py-1 text-popover-foreground text-xs shadow-md"
          >
            {text}
            <Tooltip.Arrow className="fill-popover" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

/**
 * A call recording's state in a table cell or a details panel: a button to generate it, a
 * spinner while it is generated, a button to play it, or the error to take to an admin, in words
 * next to its icon in both variants, with a Retry button when `onRetry` is given.
 */
function RecordingStatus({
  status,
  variant,
  onGenerate,
  onPlay,
  onRetry,
  errorText,
  disabled = false,
  subject,
  className,
  ...props
}: RecordingStatusProps) {
  const { t } = useTranslation();
  const compact = (variant ?? 'compact') === 'compact';
  /** The accessible name of a status text: the text itself, or the text and the subject. */
  const named = (text: string) => (subject ? t('ui.recording.named', { status: text, subject }) : text);
  /** Visible text whose accessible name carries the subject too. */
  const labelText = (text: string) =>
    subject ? (
      <>
        <span aria-hidden>{text}</span>
        <span className="sr-only">{named(text)}</span>
      </>
    ) : (
      text
    );

  let content: React.ReactNode;
  switch (status) {
    case 'none': {
      const text = t('ui.recording.none');
      content = compact ? (
        <CompactHint text={text}>
          <Button
            data-slot="recording-status-action"
            variant="ghost"
            size="icon"
            aria-label={named(text)}
            disabled={disabled}
            onClick={onGenerate}
            className="text-muted-foreground hover:text-accent-foreground"
          >
            <FileVideoCamera aria-hidden />
          </Button>
        </CompactHint>
      ) : (
        <Button
          data-slot="recording-status-action"
          variant="ghost"
          size="sm"
          icon={<FileVideoCamera aria-hidden />}
          disabled={disabled}
          onClick={onGenerate}
          className="h-auto min-h-7 whitespace-normal py-1 text-start text-sm"
          aria-label={subject ? named(text) : undefined}
        >
          {text}
        </Button>
      );
      break;
    }
    case 'generating': {
      const text = t('ui.recording.generating');
      content = compact ? (
        <CompactHint text={text}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip that sighted pointer users get */}
          <span data-slot="recording-status-indicator" role="status" tabIndex={0} className={indicatorClassName}>
            <Spinner size="sm" decorative />
            <span className="sr-only">{named(text)}</span>
          </span>
        </CompactHint>
      ) : (
        <span
          data-slot="recording-status-indicator"
          role="status"
          className="inline-flex items-center gap-2 px-2.5 text-muted-foreground"
        >
          <Spinner size="sm" decorative />
          <span data-slot="recording-status-label">{labelText(text)}</span>
        </span>
      );
      break;
    }
    case 'ready': {
      const text = t('ui.recording.ready');
      content = compact ? (
        <CompactHint text={text}>
          <Button
            data-slot="recording-status-action"
            variant="ghost"
            size="icon"
            aria-label={named(text)}
            disabled={disabled}
            onClick={onPlay}
            className="text-primary-text"
          >
            <CirclePlay aria-hidden />
          </Button>
        </CompactHint>
      ) : (
        <Button
          data-slot="recording-status-action"
          variant="ghost"
          size="sm"
          icon={<CirclePlay aria-hidden />}
          disabled={disabled}
          onClick={onPlay}
          className="text-primary-text text-sm"
          aria-label={subject ? named(text) : undefined}
        >
          {text}
        </Button>
      );
      break;
    }
    case 'error': {
      const text = errorText ?? t('ui.recording.error');
      const retry = t('ui.action.retry');
      content = (
        <>
          <span
            data-slot="recording-status-indicator"
            className={cn('inline-flex items-start gap-2 text-destructive', compact ? 'ps-2 text-xs' : 'px-2.5')}
          >
            <CircleAlert aria-hidden className={cn('size-4 shrink-0', compact ? 'mt-px' : 'mt-0.5')} />
            <span
              data-slot="recording-status-label"
              // In a table cell: wide enough to read in two or three lines, not squeezed to a word a line.
              className={cn('whitespace-normal', compact && 'max-w-56 sm:w-max')}
            >
              {labelText(text)}
            </span>
          </span>
          {onRetry ? (
            <Button
              data-slot="recording-status-retry"
              variant="outline"
              size="sm"
              icon={<RotateCcw aria-hidden />}
              disabled={disabled}
              onClick={onRetry}
              aria-label={subject ? named(retry) : undefined}
            >
              {retry}
            </Button>
          ) : null}
        </>
      );
      break;
    }
    default:
      status satisfies never;
  }

  return (
    <span
      data-slot="recording-status"
      data-state={status}
      data-variant={variant ?? 'compact'}
      className={cn(recordingStatusVariants({ variant }), status === 'error' && 'flex-wrap gap-x-2 gap-y-1', className)}
      {...props}
    >
      {content}
    </span>
  );
}

export { RecordingStatus, type RecordingStatusProps, type RecordingStatusValue, recordingStatusVariants };
