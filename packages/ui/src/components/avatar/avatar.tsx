import { cva, type VariantProps } from 'class-variance-authority';
import { UserRound } from 'lucide-react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn';

const avatarVariants = cva('relative inline-flex shrink-0 select-none overflow-hidden align-middle', {
  variants: {
    size: {
      sm: 'size-6 text-[0.625rem]',
      md: 'size-8 text-xs',
      lg: 'size-10 text-sm',
      xl: 'size-16 text-xl',
    },
    shape: {
      circle: 'rounded-full',
      square: 'rounded-md',
    },
  },
  defaultVariants: { size: 'md', shape: 'circle' },
});

type AvatarSize = NonNullable<VariantProps<typeof avatarVariants>['size']>;

const AvatarSizeContext = React.createContext<AvatarSize>('md');

type AvatarProps = React.ComponentProps<typeof AvatarPrimitive.Root> & VariantProps<typeof avatarVariants>;

/** A picture of a person or team, with initials or an icon while the picture loads or when it fails. */
function Avatar({ className, size, shape, ...props }: AvatarProps) {
  return (
    <AvatarSizeContext.Provider value={size ?? 'md'}>
      <AvatarPrimitive.Root
        data-slot="avatar"
        data-size={size ?? 'md'}
        data-shape={shape ?? 'circle'}
        className={cn(avatarVariants({ size, shape }), className)}
        {...props}
      />
    </AvatarSizeContext.Provider>
  );
}

type AvatarImageProps = React.ComponentProps<typeof AvatarPrimitive.Image>;

/** The picture; give it an `alt` that names the person. It shows only once it has loaded. */
function AvatarImage({ className, ...props }: AvatarImageProps) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

/** Up to two initials from a name: 'Ada Lovelace' → 'AL', 'محمد علي' → 'مع'. */
function getInitials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (!first) {
    return '';
  }
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = (word: string) => Array.from(word)[0] ?? '';
  return (initial(first) + (last ? initial(last) : '')).toLocaleUpperCase();
}

type AvatarFallbackProps = React.ComponentProps<typeof AvatarPrimitive.Fallback> & {
  /** The person's name: shown as initials and read out in full. Without it (and children) an icon shows. */
  name?: string;
};

const iconSizes: Record<AvatarSize, string> = { sm: 'size-3.5', md: 'size-4', lg: 'size-5', xl: 'size-8' };

/** What shows instead of the picture: children, the initials of `name`, or a person icon. */
function AvatarFallback({ className, name, children, ...props }: AvatarFallbackProps) {
  const size = React.useContext(AvatarSizeContext);
  const initials = name ? getInitials(name) : '';
  let content: React.ReactNode = children;
  if (content === undefined) {
    content = initials ? (
      <>
        <span aria-hidden>{initials}</span>
        <span className="sr-only">{name}</span>
      </>
    ) : (
      <>
        <UserRound aria-hidden className={iconSizes[size]} />
        {name ? <span className="sr-only">{name}</span> : null}
      </>
    );
  }
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full items-center justify-center bg-primary-subtle font-medium text-primary-subtle-foreground',
        className,
      )}
      {...props}
    >
      {content}
    </AvatarPrimitive.Fallback>
  );
}

export {
  Avatar,
  AvatarFallback,
  type AvatarFallbackProps,
  AvatarImage,
  type AvatarImageProps,
  type AvatarProps,
  avatarVariants,
  getInitials,
};
