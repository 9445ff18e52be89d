import { useTranslation } from '@parley/i18n';
import { RefreshCw, X } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

type UpdatePromptProps = Omit<React.ComponentProps<'div'>, 'children' | 'title'> & {
  /** Whether the prompt shows (controlled). */
  open?: boolean;
  /** Whether the prompt shows at first (uncontrolled). */
  defaultOpen?: boolean;
  /** Called with `false` when the person dismisses the prompt. */
  onOpenChange?: (open: boolean) => void;
  /** Activates the waiting service worker and reloads; a returned promise keeps the button busy. */
  onRefresh: () => void | Promise<void>;
  /** Offer the close button; on by default. */
  dismissible?: boolean;
  /** Heading; defaults to the translated 'New content is available'. */
  title?: React.ReactNode;
  /** Explanation; defaults to the translated description. */
  description?: React.ReactNode;
};

/**
 * The 'new content, refresh' prompt (SPEC §4): a card at the top end of the page with a
 * Refresh button. Its live region stays mounted so the prompt is announced when it appears.
 */
function UpdatePrompt({
  open,
  defaultOpen = false,
  onOpenChange,
  onRefresh,
  dismissible = true,
  title,
  description,
  className,
  ...props
}: UpdatePromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const [isOpen, setOpen] = useControllableState(open, defaultOpen, onOpenChange);
  const [refreshing, setRefreshing] = useState(false);

  function dismiss() {
    setOpen(false);
  }

  async function refresh() {
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      // After a successful reload this component is gone; the reset matters when reloading failed.
      setRefreshing(false);
    }
  }

  return (
    <div
      data-slot="update-prompt"
      data-state={isOpen ? 'open' : 'closed'}
      role="status"
      className={cn('fixed end-6 top-6 z-50 w-[min(24rem,calc(100vw-3rem))]', className)}
      {...props}
    >
      {isOpen ? (
        <section
          data-slot="update-prompt-card"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          className="relative flex gap-3 rounded-lg border bg-popover p-4 text-popover-foreground text-sm shadow-lg"
        >
          <RefreshCw aria-hidden className="mt-0.5 size-5 shrink-0 text-info" />
          <div className="grid flex-1 gap-1 pe-6">
            <p id={titleId} data-slot="update-prompt-title" className="font-semibold text-base">
              {title ?? t('ui.update.title')}
            </p>
            <p id={descriptionId} data-slot="update-prompt-description" className="text-muted-foreground">
              {description ?? t('ui.update.description')}
            </p>
            <div className="mt-2 flex justify-end">
              <Button size="sm" loading={refreshing} onClick={refresh}>
                {t('ui.update.refresh')}
              </Button>
            </div>
          </div>
          {dismissible ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('ui.alert.dismiss')}
              className="absolute end-2 top-2 size-7"
              onClick={dismiss}
            >
              <X aria-hidden />
            </Button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export { UpdatePrompt, type UpdatePromptProps };
