import { formatNumber, useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';

const tagVariants = cva(
  [
    'inline-flex max-w-full shrink-0 items-center gap-1 whitespace-nowrap rounded-sm border px-2 font-medium text-xs leading-5',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-3",
  ],
  {
    variants: {
      variant: {
        default: '',
        primary: '',
        success: '',
        warning: '',
        error: '',
        info: '',
      },
      appearance: {
        subtle: '',
        outline: 'bg-transparent',
        solid: 'border-transparent',
      },
    },
    compoundVariants: [
      { appearance: 'subtle', variant: 'default', className: 'border-border bg-muted text-foreground' },
      {
        appearance: 'subtle',
        variant: 'primary',
        className: 'border-primary/40 bg-primary-subtle text-primary-subtle-foreground',
      },
      {
        appearance: 'subtle',
        variant: 'success',
        className: 'border-success/40 bg-success-subtle text-success-subtle-foreground',
      },
      {
        appearance: 'subtle',
        variant: 'warning',
        className: 'border-warning/40 bg-warning-subtle text-warning-subtle-foreground',
      },
      {
        appearance: 'subtle',
        variant: 'error',
        className: 'border-destructive/40 bg-destructive-subtle text-destructive-subtle-foreground',
      },
      { appearance: 'subtle', variant: 'info', className: 'border-info/40 bg-info-subtle text-info-subtle-foreground' },
      { appearance: 'outline', variant: 'default', className: 'border-input text-foreground' },
      { appearance: 'outline', variant: 'primary', className: 'border-primary-text text-primary-text' },
      { appearance: 'outline', variant: 'success', className: 'border-success text-success' },
      { appearance: 'outline', variant: 'warning', className: 'border-warning text-warning' },
      { appearance: 'outline', variant: 'error', className: 'border-destructive text-destructive' },
      { appearance: 'outline', variant: 'info', className: 'border-info text-info' },
      { appearance: 'solid', variant: 'default', className: 'bg-foreground text-background' },
      { appearance: 'solid', variant: 'primary', className: 'bg-primary text-primary-foreground' },
      { appearance: 'solid', variant: 'success', className: 'bg-success text-success-foreground' },
      { appearance: 'solid', variant: 'warning', className: 'bg-warning text-warning-foreground' },
      { appearance: 'solid', variant: 'error', className: 'bg-destructive text-destructive-foreground' },
      { appearance: 'solid', variant: 'info', className: 'bg-info text-info-foreground' },
    ],
    defaultVariants: { variant: 'default', appearance: 'subtle' },
  },
);

type TagProps = React.ComponentProps<'span'> &
  VariantProps<typeof tagVariants> & {
    /** An icon before the text. Status tags should carry text or an icon, never colour alone. */
    icon?: React.ReactNode;
    /** Shows a close button that removes the tag. */
    closable?: boolean;
    /** Accessible name of the close button; defaults to the translated 'Remove {label}' or 'Close'. */
    closeLabel?: string;
    /** Called when the close button is pressed; call `event.preventDefault()` to keep the tag shown. */
    onClose?: (event: React.MouseEvent<HTMLButtonElement>) => void;
    /** Whether the tag is shown (controlled). */
    open?: boolean;
    /** Whether the tag is shown at first (uncontrolled). */
    defaultOpen?: boolean;
    /** Called when the tag is closed. */
    onOpenChange?: (open: boolean) => void;
  };

/** A short label for a status, category or keyword; closable tags remove themselves. */
function Tag({
  className,
  variant,
  appearance,
  icon,
  closable = false,
  closeLabel,
  onClose,
  open: openProp,
  defaultOpen = true,
  onOpenChange,
  children,
  ...props
}: TagProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  if (!open) {
    return null;
  }
  const textLabel = typeof children === 'string' || typeof children === 'number' ? String(children) : undefined;
  const handleClose = (event: React.MouseEvent<HTMLButtonElement>) => {
    onClose?.(event);
    if (event.defaultPrevented) {
      return;
    }
    setOpen(false);
  };
  return (
    <span
      data-slot="tag"
      data-variant={variant ?? 'default'}
      data-appearance={appearance ?? 'subtle'}
      className={cn(tagVariants({ variant, appearance }), className)}
      {...props}
    >
      {icon}
      <span className="truncate">{children}</span>
      {closable ? (
        <button
          type="button"
          data-slot="tag-close"
          aria-label={closeLabel ?? (textLabel ? t('ui.tag.remove', { label: textLabel }) : t('ui.action.close'))}
          onClick={handleClose}
          className="-me-1 inline-flex size-4 items-center justify-center rounded-sm opacity-70 outline-none transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50"
        >
          <X aria-hidden />
        </button>
      ) : null}
    </span>
  );
}

const badgeIndicatorVariants = cva(
  'inline-flex items-center justify-center rounded-full font-medium tabular-nums ring-2 ring-background',
  {
    variants: {
      variant: {
        default: 'bg-muted-foreground text-background',
        primary: 'bg-primary text-primary-foreground',
        success: 'bg-success text-success-foreground',
        warning: 'bg-warning text-warning-foreground',
        error: 'bg-destructive text-destructive-foreground',
        info: 'bg-info text-info-foreground',
      },
      dot: {
        true: 'size-2',
        false: 'h-5 min-w-5 px-1.5 text-xs leading-none',
      },
    },
    defaultVariants: { variant: 'error', dot: false },
  },
);

type BadgeProps = Omit<React.ComponentProps<'span'>, 'children'> &
  Omit<VariantProps<typeof badgeIndicatorVariants>, 'dot'> & {
    /** The number to show; formatted in the interface language. */
    count?: number;
    /** Counts above this show as `max+`. */
    max?: number;
    /** Show a small dot instead of the number. */
    dot?: boolean;
    /** Show the badge when the count is zero. */
    showZero?: boolean;
    /** Text for assistive technology, e.g. '12 unread notices'; needed when `dot` is set. */
    label?: string;
    /** The element the badge sits on; without it the badge stands on its own. */
    children?: React.ReactNode;
  };

/** A count or dot on an element (an icon, an avatar), or on its own in a line of text. */
function Badge({
  className,
  variant,
  count,
  max = 99,
  dot = false,
  showZero = false,
  label,
  children,
  ...props
}: BadgeProps) {
  const { i18n } = useTranslation();
  const hidden = !dot && (count === undefined || (count === 0 && !showZero));
  const shown =
    count === undefined
      ? ''
      : count > max
        ? `${formatNumber(max, i18n.language)}+`
        : formatNumber(count, i18n.language);
  const indicator = hidden ? null : (
    <span
      data-slot="badge-indicator"
      className={cn(
        badgeIndicatorVariants({ variant, dot }),
        children ? 'absolute top-0 end-0 -translate-y-1/2 ltr:translate-x-1/2 rtl:-translate-x-1/2' : undefined,
      )}
    >
      {dot ? null : <span aria-hidden={label ? true : undefined}>{shown}</span>}
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
  return (
    <span
      data-slot="badge"
      data-variant={variant ?? 'error'}
      className={cn('relative inline-flex shrink-0 align-middle', className)}
      {...props}
    >
      {children}
      {indicator}
    </span>
  );
}

export { Badge, type BadgeProps, badgeIndicatorVariants, Tag, type TagProps, tagVariants };
