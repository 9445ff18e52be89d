import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive, Direction } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

/** Holds the open state; pass `open`/`onOpenChange` to control it, or `defaultOpen` to leave it alone. */
function Drawer(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="drawer" {...props} />;
}

function DrawerTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="drawer-trigger" {...props} />;
}

function DrawerClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="drawer-close" {...props} />;
}

function DrawerPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="drawer-portal" {...props} />;
}

function DrawerOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="drawer-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-overlay',
        'data-[state=open]:animate-in data-[state=open]:fade-in-0',
        'data-[state=closed]:animate-out data-[state=closed]:fade-out-0',
        className,
      )}
      {...props}
    />
  );
}

// Sides are logical: `start` is on the left in left-to-right layouts and on the right in right-to-left ones.
const drawerContentVariants = cva(
  [
    'fixed z-50 flex flex-col gap-4 bg-background text-foreground shadow-lg outline-none',
    'transition ease-in-out data-[state=open]:animate-in data-[state=open]:duration-300',
    'data-[state=closed]:animate-out data-[state=closed]:duration-200',
  ],
  {
    variants: {
      side: {
        start: [
          'inset-y-0 start-0 h-full w-3/4 max-w-sm border-e',
          'data-[state=open]:slide-in-from-start data-[state=closed]:slide-out-to-start',
        ],
        end: [
          'inset-y-0 end-0 h-full w-3/4 max-w-sm border-s',
          'data-[state=open]:slide-in-from-end data-[state=closed]:slide-out-to-end',
        ],
        top: [
          'inset-x-0 top-0 max-h-[80dvh] border-b',
          'data-[state=open]:slide-in-from-top data-[state=closed]:slide-out-to-top',
        ],
        bottom: [
          'inset-x-0 bottom-0 max-h-[80dvh] border-t',
          'data-[state=open]:slide-in-from-bottom data-[state=closed]:slide-out-to-bottom',
        ],
      },
    },
    defaultVariants: { side: 'end' },
  },
);

type DrawerSide = NonNullable<VariantProps<typeof drawerContentVariants>['side']>;

type DrawerContentProps = React.ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof drawerContentVariants> & {
    /** Shows the translated close button in the header corner at the end side. */
    showCloseButton?: boolean;
  };

/** The sliding panel, portalled to the body with the overlay; it carries the writing direction along. */
function DrawerContent({ className, side, showCloseButton = true, children, ...props }: DrawerContentProps) {
  const { t } = useTranslation();
  const dir = Direction.useDirection();
  return (
    <DrawerPortal>
      <DrawerOverlay />
      <DialogPrimitive.Content
        data-slot="drawer-content"
        data-side={side ?? 'end'}
        dir={dir}
        className={cn(drawerContentVariants({ side }), className)}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close asChild>
            <Button
              data-slot="drawer-close-button"
              variant="ghost"
              size="icon"
              aria-label={t('ui.action.close')}
              className="absolute end-3 top-3 size-7 text-muted-foreground hover:text-foreground"
            >
              <X aria-hidden />
            </Button>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DrawerPortal>
  );
}

function DrawerHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="drawer-header"
      className={cn('flex flex-col gap-1.5 border-b px-6 py-4 pe-12 text-start', className)}
      {...props}
    />
  );
}

/** The scrolling middle of the panel, between header and footer. */
function DrawerBody({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="drawer-body" className={cn('min-h-0 flex-1 overflow-y-auto px-6', className)} {...props} />;
}

function DrawerFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="drawer-footer"
      className={cn('mt-auto flex flex-col-reverse gap-2 border-t px-6 py-4 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

function DrawerTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="drawer-title"
      className={cn('font-semibold text-base leading-6', className)}
      {...props}
    />
  );
}

function DrawerDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="drawer-description"
      className={cn('text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}

export {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  type DrawerContentProps,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerOverlay,
  DrawerPortal,
  type DrawerSide,
  DrawerTitle,
  DrawerTrigger,
  drawerContentVariants,
};
