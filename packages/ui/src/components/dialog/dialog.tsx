import { useTranslation } from '@parley/i18n';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive, Direction } from 'radix-ui';
import type * as React from 'react';
import { useComposedRefs } from '../../hooks/use-composed-refs';
import { useReturnFocus } from '../../hooks/use-return-focus';
import { cn } from '../../lib/cn';
import { focusFirstForPerson, lastFocusSource } from '../../lib/focus-source';
import { Button } from '../button/button';

/** Holds the open state; pass `open`/`onOpenChange` to control it, or `defaultOpen` to leave it alone. */
function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

function DialogPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
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

const dialogContentVariants = cva(
  [
    // inset-0 + m-auto + h-fit centres the box without physical left/right offsets.
    'fixed inset-0 z-50 m-auto grid h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] gap-4 overflow-y-auto',
    'rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none',
    'data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95',
    'data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95',
  ],
  {
    variants: {
      size: {
        sm: 'max-w-sm',
        md: 'max-w-lg',
        lg: 'max-w-3xl',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof dialogContentVariants> & {
    /** Shows the translated close button in the top corner at the end side. */
    showCloseButton?: boolean;
  };

/**
 * The modal box, portalled to the body with the overlay; it carries the writing direction along.
 * Closing gives focus back to what opened it — its trigger, or the button (or menu item's menu
 * button) that opened it from state.
 */
function DialogContent({
  className,
  size,
  showCloseButton = true,
  children,
  ref,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation();
  const dir = Direction.useDirection();
  const returnFocus = useReturnFocus(onCloseAutoFocus);
  const composedRef = useComposedRefs(ref, returnFocus.contentRef);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-size={size ?? 'md'}
        dir={dir}
        className={cn(dialogContentVariants({ size }), className)}
        {...props}
        ref={composedRef}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          // Opened with the mouse (a menu item, whose click moved no focus): the first control
          // takes focus without the ring Chromium would give it; keyboard users keep theirs.
          if (
            !event.defaultPrevented &&
            lastFocusSource() === 'pointer' &&
            event.currentTarget instanceof HTMLElement
          ) {
            event.preventDefault();
            focusFirstForPerson(event.currentTarget);
          }
        }}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      >
        {returnFocus.probe}
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close asChild>
            <Button
              data-slot="dialog-close-button"
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
    </DialogPortal>
  );
}

function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="dialog-header" className={cn('flex flex-col gap-1.5 pe-8 text-start', className)} {...props} />
  );
}

function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('font-semibold text-base leading-6', className)}
      {...props}
    />
  );
}

function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}

export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
  dialogContentVariants,
};
