import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn';

type LabelProps = React.ComponentProps<typeof LabelPrimitive.Root> & {
  /** Marks the field as required with an asterisk (hidden from screen readers, which hear `required`). */
  required?: boolean;
};

function Label({ className, required = false, children, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'flex select-none items-center gap-1 font-medium text-foreground text-sm leading-none',
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-60 group-data-[disabled=true]:opacity-60',
        className,
      )}
      {...props}
    >
      {required ? (
        <span aria-hidden className="text-destructive">
          *
        </span>
      ) : null}
      {children}
    </LabelPrimitive.Root>
  );
}

export { Label, type LabelProps };
