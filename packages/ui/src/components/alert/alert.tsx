import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert, X } from 'lucide-react';
import type * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

const alertVariants = cva('relative flex w-full items-start gap-3 rounded-md border px-4 py-3 text-sm', {
  variants: {
    variant: {
      info: 'border-info/40 bg-info-subtle text-info-subtle-foreground',
      success: 'border-success/40 bg-success-subtle text-success-subtle-foreground',
      warning: 'border-warning/40 bg-warning-subtle text-warning-subtle-foreground',
      error: 'border-destructive/40 bg-destructive-subtle text-destructive-subtle-foreground',
    },
  },
  defaultVariants: { variant: 'info' },
});

type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;

const alertIcons: Record<AlertVariant, LucideIcon> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleX,
};

const iconColours: Record<AlertVariant, string> = {
  info: 'text-info',
  success: 'text-success',
  warning: 'text-warning',
  error: 'text-destructive',
};

type AlertProps = Omit<React.ComponentProps<'div'>, 'title'> &
  VariantProps<typeof alertVariants> & {
    /** The headline, in bold. */
    title?: React.ReactNode;
    /** The detail under the title. */
    description?: React.ReactNode;
    /** Replaces the variant's icon; `null` shows none. */
    icon?: React.ReactNode | null;
    /** A control shown at the end, e.g. a small Refresh button. */
    action?: React.ReactNode;
    /** Shows the translated 'Dismiss' button. */
    dismissible?: boolean;
    /** Whether the alert is shown (controlled); a dismissed alert reports `false` here. */
    open?: boolean;
    /** Whether the alert starts shown (uncontrolled). */
    defaultOpen?: boolean;
    /** Called with `false` when the alert is dismissed. */
    onOpenChange?: (open: boolean) => void;
  };

/**
 * A message that stays in the page: info, success, warning or error. Errors and warnings are
 * announced at once (role `alert`); info and success politely (role `status`).
 */
function Alert({
  className,
  variant,
  title,
  description,
  icon,
  action,
  dismissible = false,
  open: openProp,
  defaultOpen = true,
  onOpenChange,
  children,
  ...props
}: AlertProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const resolvedVariant: AlertVariant = variant ?? 'info';
  if (!open) {
    return null;
  }
  const dismiss = () => setOpen(false);
  const Icon = alertIcons[resolvedVariant];
  const shownIcon =
    icon === undefined ? <Icon aria-hidden className={cn('size-4', iconColours[resolvedVariant])} /> : icon;
  return (
    <div
      data-slot="alert"
      data-variant={resolvedVariant}
      role={resolvedVariant === 'error' || resolvedVariant === 'warning' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      {shownIcon ? (
        <span data-slot="alert-icon" className="mt-0.5 flex shrink-0 [&_svg]:size-4">
          {shownIcon}
        </span>
      ) : null}
      <div data-slot="alert-content" className="flex min-w-0 flex-1 flex-col gap-1 text-start">
        {title ? (
          <div data-slot="alert-title" className="font-medium leading-5">
            {title}
          </div>
        ) : null}
        {description ? (
          <div data-slot="alert-description" className="leading-5">
            {description}
          </div>
        ) : null}
        {children}
      </div>
      {action ? (
        <div data-slot="alert-action" className="flex shrink-0 items-center gap-2 self-center">
          {action}
        </div>
      ) : null}
      {dismissible ? (
        <Button
          data-slot="alert-dismiss"
          variant="ghost"
          size="icon"
          aria-label={t('ui.alert.dismiss')}
          className="-my-1 -me-2 size-7 shrink-0 text-current hover:bg-black/5 hover:text-current dark:hover:bg-white/10"
          onClick={dismiss}
        >
          <X aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}

export { Alert, type AlertProps, type AlertVariant, alertVariants };
