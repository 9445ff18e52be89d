import { cva, type VariantProps } from 'class-variance-authority';
import { Switch as SwitchPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn';

const switchVariants = cva(
  [
    'peer group/switch relative inline-flex shrink-0 items-center rounded-full border border-transparent',
    'outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
    'data-[state=unchecked]:bg-muted-foreground data-[state=unchecked]:text-background',
    'aria-invalid:ring-2 aria-invalid:ring-destructive',
    'disabled:cursor-not-allowed disabled:opacity-50',
  ],
  {
    variants: {
      size: {
        sm: 'h-4 min-w-7 text-[0.625rem]',
        md: 'h-5 min-w-9 text-xs',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

// The thumb sits at the inline start and slides to the inline end, so it follows the writing direction.
const thumbVariants = cva(
  [
    'pointer-events-none absolute top-1/2 block -translate-y-1/2 rounded-full bg-background shadow-sm',
    'start-0.5 transition-[inset-inline-start]',
  ],
  {
    variants: {
      size: {
        sm: 'size-3 data-[state=checked]:start-[calc(100%-0.875rem)]',
        md: 'size-4 data-[state=checked]:start-[calc(100%-1.125rem)]',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

// Text sits on the side away from the thumb, leaving room for it.
const textVariants = cva('select-none whitespace-nowrap font-medium leading-none', {
  variants: {
    size: {
      sm: 'ps-4 pe-1.5 group-data-[state=checked]/switch:ps-1.5 group-data-[state=checked]/switch:pe-4',
      md: 'ps-5 pe-2 group-data-[state=checked]/switch:ps-2 group-data-[state=checked]/switch:pe-5',
    },
  },
  defaultVariants: { size: 'md' },
});

type SwitchProps = React.ComponentProps<typeof SwitchPrimitive.Root> &
  VariantProps<typeof switchVariants> & {
    /** Short text inside the track while on (SPEC §2.5: 'Open'); decorative, the state is announced anyway. */
    checkedText?: React.ReactNode;
    /** Short text inside the track while off (SPEC §2.5: 'Close'). */
    uncheckedText?: React.ReactNode;
  };

/** An on/off toggle that applies at once. Name it with a `<Label htmlFor>` or `aria-label`. */
function Switch({ className, size, checkedText, uncheckedText, ...props }: SwitchProps) {
  const resolvedSize = size ?? 'md';
  const hasText = checkedText !== undefined || uncheckedText !== undefined;
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      data-size={resolvedSize}
      className={cn(switchVariants({ size: resolvedSize }), className)}
      {...props}
    >
      {hasText ? (
        <>
          <span
            aria-hidden
            data-slot="switch-checked-text"
            className={cn(textVariants({ size: resolvedSize }), 'hidden group-data-[state=checked]/switch:block')}
          >
            {checkedText}
          </span>
          <span
            aria-hidden
            data-slot="switch-unchecked-text"
            className={cn(textVariants({ size: resolvedSize }), 'block group-data-[state=checked]/switch:hidden')}
          >
            {uncheckedText}
          </span>
        </>
      ) : null}
      <SwitchPrimitive.Thumb data-slot="switch-thumb" className={thumbVariants({ size: resolvedSize })} />
    </SwitchPrimitive.Root>
  );
}

export { Switch, type SwitchProps, switchVariants };
