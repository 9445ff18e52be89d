import { useTranslation } from '@parley/i18n';
import { BellRing, Phone, PhoneIncoming, PhoneOff, Volume2 } from 'lucide-react';
import type * as React from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

/** Where a call stands for the member looking at its card. */
type CallCardState = 'ringing' | 'connected' | 'taken';

type CallCardProps = Omit<React.ComponentProps<'article'>, 'children' | 'title'> & {
  state: CallCardState;
  /** The caller as they named themselves; the card says "Visitor" when they did not. */
  callerName: string;
  /** Their e-mail and phone, as far as they gave them. */
  contact?: readonly string[];
  /** What they chose in the widget's menu ("Call us"). */
  topic?: React.ReactNode;
  /** How long they have waited (ringing) or talked (connected), already formatted: "0:42". */
  elapsed: string;
  /** Who took the call, when another member answered it (`taken`). */
  takenBy?: string;
  onAnswer?: () => void;
  onDecline?: () => void;
  onHangUp?: () => void;
  /** An answer or a hang-up is on its way: its button is busy, the others wait. */
  busy?: 'answer' | 'decline' | 'hangUp';
  /** A line under the caller with an action (sound blocked by the browser, notifications), or an error. */
  notice?: React.ReactNode;
  /** More about the call above its buttons (the caller's earlier calls and a note, while connected). */
  children?: React.ReactNode;
};

/**
 * One live call as a member sees it (issue 16): ringing with Answer and Decline, connected with
 * Hang up, or answered by someone else. It never takes focus: a ring must not steal the keys from
 * what the member is typing. An article (cards are alike, so not landmarks) in the stack, which
 * announces a new card politely.
 */
function CallCard({
  state,
  callerName,
  contact = [],
  topic,
  elapsed,
  takenBy,
  onAnswer,
  onDecline,
  onHangUp,
  busy,
  notice,
  children,
  className,
  ...props
}: CallCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const detailsId = useId();
  const name = callerName.trim() || t('ui.callCard.visitor');
  const heading =
    state === 'ringing'
      ? t('ui.callCard.incoming')
      : state === 'connected'
        ? t('ui.callCard.connected')
        : t('ui.callCard.taken', { name: takenBy ?? '' });
  const Icon = state === 'ringing' ? PhoneIncoming : state === 'connected' ? Phone : PhoneOff;
  return (
    <article
      data-slot="call-card"
      data-state={state}
      aria-labelledby={titleId}
      aria-describedby={detailsId}
      className={cn(
        'flex w-full flex-col gap-3 rounded-lg border bg-popover p-4 text-popover-foreground text-sm shadow-lg',
        state === 'ringing' && 'border-primary',
        className,
      )}
      {...props}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className={cn(
            'grid size-9 shrink-0 place-items-center rounded-full',
            state === 'ringing' && 'animate-pulse bg-primary text-primary-foreground motion-reduce:animate-none',
            state === 'connected' && 'bg-success/15 text-success',
            state === 'taken' && 'bg-muted text-muted-foreground',
          )}
        >
          <Icon className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p id={titleId} data-slot="call-card-title" className="font-semibold text-muted-foreground text-xs uppercase">
            {heading}
          </p>
          <div id={detailsId} className="grid min-w-0 gap-0.5">
            <p className="truncate font-semibold text-base">{name}</p>
            {contact.map((line) => (
              <p key={line} className="truncate text-muted-foreground" dir="auto">
                {line}
              </p>
            ))}
            <p className="text-muted-foreground">
              {topic ? <>{topic} · </> : null}
              {state === 'connected'
                ? t('ui.callCard.talking', { time: elapsed })
                : t('ui.callCard.waiting', { time: elapsed })}
            </p>
          </div>
        </div>
      </div>
      {notice ? (
        <div data-slot="call-card-notice" className="flex items-center gap-2 rounded-md border px-3 py-2 text-xs">
          <Volume2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">{notice}</div>
        </div>
      ) : null}
      {children}
      {state === 'ringing' ? (
        <div className="flex justify-end gap-2">
          <Button variant="outline" loading={busy === 'decline'} disabled={busy !== undefined} onClick={onDecline}>
            {t('ui.callCard.decline')}
          </Button>
          <Button loading={busy === 'answer'} disabled={busy !== undefined} onClick={onAnswer}>
            <BellRing aria-hidden />
            {t('ui.callCard.answer')}
          </Button>
        </div>
      ) : null}
      {state === 'connected' ? (
        <div className="flex justify-end">
          <Button variant="destructive" loading={busy === 'hangUp'} disabled={busy !== undefined} onClick={onHangUp}>
            <PhoneOff aria-hidden />
            {t('ui.callCard.hangUp')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

type CallCardStackProps = React.ComponentProps<'section'>;

/**
 * Where live call cards sit: the bottom end corner of every screen, newest last, above the page
 * and below dialogs; full width on a phone. A labelled region, so a screen reader can jump to it.
 */
function CallCardStack({ className, children, ...props }: CallCardStackProps) {
  const { t } = useTranslation();
  return (
    <section
      data-slot="call-card-stack"
      aria-label={t('ui.callCard.region')}
      aria-live="polite"
      aria-relevant="additions"
      className={cn(
        'fixed inset-x-3 bottom-3 z-40 flex max-h-[calc(100dvh-5rem)] flex-col gap-2 overflow-y-auto sm:start-auto sm:end-6 sm:bottom-6 sm:w-[22rem]',
        className,
      )}
      {...props}
    >
      {children}
    </section>
  );
}

export { CallCard, type CallCardProps, CallCardStack, type CallCardStackProps, type CallCardState };
