import { cva, type VariantProps } from 'class-variance-authority';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn';

const radioGroupVariants = cva('group/radio-group', {
  variants: {
    orientation: {
      vertical: 'grid gap-2',
      horizontal: 'flex flex-wrap items-center gap-x-6 gap-y-2',
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

type RadioGroupProps = Omit<React.ComponentProps<typeof RadioGroupPrimitive.Root>, 'orientation'> &
  VariantProps<typeof radioGroupVariants>;

/**
 * One choice out of a few. Arrow keys move along the orientation (and follow the writing
 * direction when horizontal); Tab enters and leaves the group as one stop.
 */
function RadioGroup({
  className,
  orientation,
  id,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  ...props
}: RadioGroupProps) {
  const resolvedOrientation = orientation ?? 'vertical';
  const [labelIds, setLabelIds] = React.useState<string>();

  // A group is no labelable element, so a `<label htmlFor={id}>` (Field's, say) cannot name it
  // by itself: point aria-labelledby at such labels instead.
  React.useLayoutEffect(() => {
    if (id === undefined) {
      setLabelIds(undefined);
      return;
    }
    const labels = Array.from(document.getElementsByTagName('label')).filter((label) => label.htmlFor === id);
    labels.forEach((label, index) => {
      label.id ||= `${id}-label-${index}`;
    });
    setLabelIds(labels.map((label) => label.id).join(' ') || undefined);
  }, [id]);

  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      data-orientation={resolvedOrientation}
      id={id}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy ?? (ariaLabel === undefined ? labelIds : undefined)}
      orientation={resolvedOrientation}
      className={cn(radioGroupVariants({ orientation: resolvedOrientation }), className)}
      {...props}
    />
  );
}

type RadioGroupItemProps = React.ComponentProps<typeof RadioGroupPrimitive.Item>;

/** One option of a RadioGroup; name it with a `<Label htmlFor>` beside it. */
function RadioGroupItem({ className, ...props }: RadioGroupItemProps) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'peer inline-flex aspect-square size-4 shrink-0 items-center justify-center rounded-full border border-input',
        'bg-background text-primary outline-none transition-colors',
        'hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'data-[state=checked]:border-primary',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30',
        'group-aria-invalid/radio-group:border-destructive',
        'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-input',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator data-slot="radio-group-indicator" className="flex items-center justify-center">
        <span aria-hidden className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}

export { RadioGroup, RadioGroupItem, type RadioGroupItemProps, type RadioGroupProps, radioGroupVariants };
