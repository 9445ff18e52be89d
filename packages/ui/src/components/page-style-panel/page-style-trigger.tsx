import { useTranslation } from '@parley/i18n';
import { Settings } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/cn';

/**
 * The floating button at the end edge that opens the page-style panel. PageStylePanel renders it
 * as its drawer's trigger; an app may render it alone until first pressed, so the panel's code
 * (drawer, radio groups, switches) loads only when someone opens it.
 */
function PageStyleTrigger({ className, ...props }: React.ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-slot="page-style-panel-trigger"
      aria-label={t('ui.pageStyle.open')}
      title={t('ui.pageStyle.open')}
      className={cn(
        'fixed end-0 top-60 z-40 inline-flex size-12 items-center justify-center rounded-s-md',
        'bg-primary text-primary-foreground shadow-lg outline-none transition-colors',
        'hover:bg-primary-hover focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
      {...props}
    >
      <Settings aria-hidden className="size-5" />
    </button>
  );
}

export { PageStyleTrigger };
