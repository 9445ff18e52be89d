import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';

/** The shimmer itself; `motion-safe` keeps it still for people who ask for reduced motion. */
const skeletonBase = 'block bg-foreground/10 motion-safe:animate-pulse';

type SkeletonProps = Omit<React.ComponentProps<'span'>, 'children'>;

/** A placeholder block in the shape of content that is still loading. Hidden from assistive technology. */
function Skeleton({ className, ...props }: SkeletonProps) {
  return (
    <span
      data-slot="skeleton"
      aria-hidden
      className={cn(skeletonBase, 'h-4 w-full rounded-md', className)}
      {...props}
    />
  );
}

type SkeletonTextProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** How many lines of text to suggest; the last one is shorter, as paragraphs are. */
  lines?: number;
};

function SkeletonText({ className, lines = 3, ...props }: SkeletonTextProps) {
  const count = Math.max(1, Math.floor(lines));
  return (
    <span data-slot="skeleton-text" aria-hidden className={cn('flex w-full flex-col gap-2', className)} {...props}>
      {Array.from({ length: count }, (_, index) => `line-${index}`).map((lineKey, index) => (
        <span
          key={lineKey}
          data-slot="skeleton-line"
          className={cn(skeletonBase, 'h-3.5 rounded-sm', count > 1 && index === count - 1 ? 'w-3/5' : 'w-full')}
        />
      ))}
    </span>
  );
}

const skeletonAvatarVariants = cva(cn(skeletonBase, 'shrink-0'), {
  variants: {
    size: {
      sm: 'size-6',
      md: 'size-8',
      lg: 'size-10',
      xl: 'size-16',
    },
    shape: {
      circle: 'rounded-full',
      square: 'rounded-md',
    },
  },
  defaultVariants: { size: 'md', shape: 'circle' },
});

type SkeletonAvatarProps = Omit<React.ComponentProps<'span'>, 'children'> & VariantProps<typeof skeletonAvatarVariants>;

function SkeletonAvatar({ className, size, shape, ...props }: SkeletonAvatarProps) {
  return (
    <span
      data-slot="skeleton-avatar"
      data-size={size ?? 'md'}
      aria-hidden
      className={cn(skeletonAvatarVariants({ size, shape }), className)}
      {...props}
    />
  );
}

type SkeletonGroupProps = React.ComponentProps<'div'> & {
  /** What is loading, for assistive technology; defaults to the translated 'Loading…'. */
  label?: string;
};

/**
 * Holds a set of skeleton parts and announces, once, that content is loading. The parts
 * themselves are hidden from assistive technology.
 */
function SkeletonGroup({ className, label, children, ...props }: SkeletonGroupProps) {
  const { t } = useTranslation();
  return (
    <div data-slot="skeleton-group" role="status" aria-busy="true" className={cn('w-full', className)} {...props}>
      <span className="sr-only">{label ?? t('ui.loading')}</span>
      {children}
    </div>
  );
}

export {
  Skeleton,
  SkeletonAvatar,
  type SkeletonAvatarProps,
  SkeletonGroup,
  type SkeletonGroupProps,
  type SkeletonProps,
  SkeletonText,
  type SkeletonTextProps,
  skeletonAvatarVariants,
};
