import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';

/** An empty inbox tray, drawn with theme colours so it suits light and dark themes. */
function EmptyIllustration({ className }: { className?: string }) {
  return (
    <svg
      data-slot="empty-illustration"
      aria-hidden
      focusable="false"
      viewBox="0 0 64 41"
      className={cn('h-auto text-muted-foreground', className)}
    >
      <ellipse cx="32" cy="33" rx="32" ry="7" className="fill-muted" />
      <g fillRule="nonzero" className="stroke-border">
        <path
          d="M55 12.76 44.85 1.26A2.5 2.5 0 0 0 43 .5H21a2.5 2.5 0 0 0-1.85.76L9 12.76V22h46v-9.24Z"
          className="fill-none"
        />
        <path
          d="M41.61 15.93c0-1.6.99-2.92 2.22-2.93H55v18.14C55 33.27 53.68 35 52.06 35H11.94C10.32 35 9 33.26 9 31.14V13h11.17c1.23 0 2.22 1.33 2.22 2.93v.02c0 1.6 1.01 2.9 2.23 2.9h14.76c1.22 0 2.23-1.32 2.23-2.92Z"
          className="fill-background"
        />
      </g>
    </svg>
  );
}

const emptyVariants = cva('flex flex-col items-center justify-center gap-2 text-center', {
  variants: {
    size: {
      sm: 'py-4 text-sm [&_[data-slot=empty-illustration]]:w-16',
      md: 'py-8 text-sm [&_[data-slot=empty-illustration]]:w-24',
    },
  },
  defaultVariants: { size: 'md' },
});

type EmptyProps = React.ComponentProps<'div'> &
  VariantProps<typeof emptyVariants> & {
    /** A picture above the text; defaults to an empty tray. Pass `null` for none. */
    image?: React.ReactNode;
    /** What is empty; defaults to the translated 'No data'. */
    description?: React.ReactNode;
  };

/** Says that there is nothing to show here, and optionally offers an action (pass it as children). */
function Empty({ className, size, image, description, children, ...props }: EmptyProps) {
  const { t } = useTranslation();
  return (
    <div data-slot="empty" data-size={size ?? 'md'} className={cn(emptyVariants({ size }), className)} {...props}>
      {image === undefined ? <EmptyIllustration /> : image}
      <p data-slot="empty-description" className="text-muted-foreground">
        {description ?? t('ui.empty.description')}
      </p>
      {children ? (
        <div data-slot="empty-action" className="mt-2 flex flex-wrap items-center justify-center gap-2">
          {children}
        </div>
      ) : null}
    </div>
  );
}

export { Empty, EmptyIllustration, type EmptyProps, emptyVariants };
