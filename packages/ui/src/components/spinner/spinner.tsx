import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/cn';

const spinnerVariants = cva('animate-spin text-current', {
  variants: {
    size: {
      sm: 'size-4',
      md: 'size-6',
      lg: 'size-10',
    },
  },
  defaultVariants: { size: 'md' },
});

type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /** Text for assistive technology; defaults to the translated 'Loading…'. */
    label?: string;
    /** Hide from assistive technology when something else already announces the busy state. */
    decorative?: boolean;
  };

function Spinner({ className, size, label, decorative = false, ...props }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span
      data-slot="spinner"
      data-size={size ?? 'md'}
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      className={cn('inline-flex items-center justify-center', className)}
      {...props}
    >
      <LoaderCircle aria-hidden className={spinnerVariants({ size })} />
      {decorative ? null : <span className="sr-only">{label ?? t('ui.loading')}</span>}
    </span>
  );
}

export { Spinner, type SpinnerProps, spinnerVariants };
