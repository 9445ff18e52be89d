import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { SkeletonGroup, SkeletonText } from '../skeleton/skeleton';

type CardProps = React.ComponentProps<'div'>;

/** A bordered surface that groups related content: header, content and footer. */
function Card({ className, ...props }: CardProps) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col gap-4 rounded-lg border bg-card py-5 text-card-foreground', className)}
      {...props}
    />
  );
}

type CardHeaderProps = React.ComponentProps<'div'>;

/** Title, description and an optional action, laid out so the action sits at the end. */
function CardHeader({ className, ...props }: CardHeaderProps) {
  return (
    <div
      data-slot="card-header"
      className={cn(
        'grid auto-rows-min grid-rows-[auto_auto] items-start gap-1 px-5',
        'has-data-[slot=card-action]:grid-cols-[1fr_auto]',
        className,
      )}
      {...props}
    />
  );
}

type CardTitleProps = React.ComponentProps<'h3'> & {
  /** Render the child element (an `h2`, say) with the title's look instead of an `h3`. */
  asChild?: boolean;
};

function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Component = asChild ? Slot.Root : 'h3';
  return (
    <Component data-slot="card-title" className={cn('font-semibold text-base leading-snug', className)} {...props} />
  );
}

type CardDescriptionProps = React.ComponentProps<'p'>;

function CardDescription({ className, ...props }: CardDescriptionProps) {
  return <p data-slot="card-description" className={cn('text-muted-foreground text-sm', className)} {...props} />;
}

type CardActionProps = React.ComponentProps<'div'>;

/** Buttons or links for the whole card, placed at the end of the header. */
function CardAction({ className, ...props }: CardActionProps) {
  return (
    <div
      data-slot="card-action"
      className={cn(
        'col-start-2 row-span-2 row-start-1 flex items-center gap-2 self-start justify-self-end',
        className,
      )}
      {...props}
    />
  );
}

type CardContentProps = React.ComponentProps<'div'> & {
  /** Shows skeleton lines, announced as loading, instead of the content. */
  loading?: boolean;
  /** How many skeleton lines to show while loading. */
  loadingLines?: number;
  /** What is loading, for assistive technology; defaults to the translated 'Loading…'. */
  loadingLabel?: string;
};

function CardContent({
  className,
  loading = false,
  loadingLines = 3,
  loadingLabel,
  children,
  ...props
}: CardContentProps) {
  return (
    <div data-slot="card-content" aria-busy={loading || undefined} className={cn('px-5 text-sm', className)} {...props}>
      {loading ? (
        <SkeletonGroup label={loadingLabel}>
          <SkeletonText lines={loadingLines} />
        </SkeletonGroup>
      ) : (
        children
      )}
    </div>
  );
}

type CardFooterProps = React.ComponentProps<'div'>;

function CardFooter({ className, ...props }: CardFooterProps) {
  return (
    <div
      data-slot="card-footer"
      className={cn('flex items-center gap-2 px-5 [.border-t]:pt-4', className)}
      {...props}
    />
  );
}

export {
  Card,
  CardAction,
  type CardActionProps,
  CardContent,
  type CardContentProps,
  CardDescription,
  type CardDescriptionProps,
  CardFooter,
  type CardFooterProps,
  CardHeader,
  type CardHeaderProps,
  type CardProps,
  CardTitle,
  type CardTitleProps,
};
