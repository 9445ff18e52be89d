import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';

const inputVariants = cva(
  [
    'flex w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground transition-colors',
    'placeholder:text-muted-foreground outline-none',
    'hover:border-primary focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/30',
    'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 disabled:hover:border-input',
    'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30',
    'file:border-0 file:bg-transparent file:font-medium file:text-sm',
  ],
  {
    variants: {
      size: {
        sm: 'h-7 text-xs',
        md: 'h-8',
        lg: 'h-10 text-base',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type InputProps = Omit<React.ComponentProps<'input'>, 'size'> & VariantProps<typeof inputVariants>;

/** A single-line text field. Mark it invalid with `aria-invalid`; Field does that for you. */
function Input({ className, size, type = 'text', ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      data-size={size ?? 'md'}
      type={type}
      className={cn(inputVariants({ size }), className)}
      {...props}
    />
  );
}

export { Input, type InputProps, inputVariants };
