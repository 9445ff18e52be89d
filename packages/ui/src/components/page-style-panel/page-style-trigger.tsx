import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { Settings } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { headerButtonClass } from '../header-actions/header-button';

const pageStyleTriggerVariants = cva('outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', {
  variants: {
    variant: {
      // Fixed over the page's end edge: it covers whatever the page shows there.
      floating: [
        'fixed end-0 top-60 z-40 inline-flex size-12 items-center justify-center rounded-s-md',
        'bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary-hover [&_svg]:size-5',
      ],
      // One of the header's actions: it takes the bar's colours and covers nothing.
      header: [headerButtonClass, '[&_svg]:size-4'],
    },
  },
  defaultVariants: { variant: 'floating' },
});

type PageStyleTriggerProps = React.ComponentProps<'button'> & VariantProps<typeof pageStyleTriggerVariants>;

/**
 * The gear that opens the page-style panel: `floating` at the end edge of the window, or `header`
 * among the header's actions, where it never covers the page. PageStylePanel renders it as its
 * drawer's trigger; an app may render it alone until first pressed, so the panel's code (drawer,
 * radio groups, switches) loads only when someone opens it.
 */
function PageStyleTrigger({ className, variant, ...props }: PageStyleTriggerProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-slot="page-style-panel-trigger"
      data-variant={variant ?? 'floating'}
      aria-label={t('ui.pageStyle.open')}
      title={t('ui.pageStyle.open')}
      className={cn(pageStyleTriggerVariants({ variant }), className)}
      {...props}
    >
      <Settings aria-hidden />
    </button>
  );
}

export { PageStyleTrigger, type PageStyleTriggerProps, pageStyleTriggerVariants };
