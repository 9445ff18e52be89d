import { useTranslation } from '@parley/i18n';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { AlertDialog as AlertDialogPrimitive, Direction } from 'radix-ui';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { useReturnFocus } from '../../hooks/use-return-focus';
import { cn } from '../../lib/cn';
import { focusForPerson, lastFocusSource } from '../../lib/focus-source';
import { Button } from '../button/button';

type ConfirmDialogVariant = 'default' | 'destructive';

interface ConfirmDialogProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). */
  defaultOpen?: boolean;
  /** Called with the next open state: on the trigger, on Cancel or Escape, and after a confirmed action settles. */
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (a button); focus comes back to it when the dialog closes. */
  trigger?: React.ReactNode;
  /** The question; defaults to the translated 'Do you want to delete current record?'. */
  title?: React.ReactNode;
  /** Optional detail under the question. */
  description?: React.ReactNode;
  /** Label of the confirming button; defaults to the translated 'OK'. */
  okText?: React.ReactNode;
  /** Label of the cancelling button; defaults to the translated 'Cancel'. */
  cancelText?: React.ReactNode;
  /** `destructive` paints the confirming button as a dangerous action. */
  variant?: ConfirmDialogVariant;
  /**
   * Runs when OK is pressed. When it returns a promise, OK shows a spinner until it settles:
   * the dialog closes when it resolves and stays open when it rejects (report the failure
   * from here, e.g. with `message.error`).
   */
  onConfirm?: () => unknown;
  /** Runs when the dialog is dismissed with Cancel or Escape. */
  onCancel?: () => void;
  /** Extra classes for the dialog box. */
  className?: string;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * Asks the person to confirm an action (by default, deleting the current record). Focus starts
 * on Cancel, so a stray Enter never confirms; it returns to the trigger when the dialog closes.
 */
function ConfirmDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  description,
  okText,
  cancelText,
  variant = 'default',
  onConfirm,
  onCancel,
  className,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const dir = Direction.useDirection();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [pending, setPending] = React.useState(false);
  const okRef = React.useRef<HTMLButtonElement>(null);
  const refocusOk = React.useRef(false);
  // Radix returns focus to its Trigger only; when opened from elsewhere (controlled), go back there.
  const returnFocus = useReturnFocus();
  const mounted = React.useRef(true);
  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  React.useLayoutEffect(() => {
    // OK is disabled while busy, which drops focus to the body; after a failure put it back in
    // the same commit that re-enables it, so focus is never left on the body in between.
    if (!pending && refocusOk.current) {
      refocusOk.current = false;
      okRef.current?.focus();
    }
  }, [pending]);

  const handleOpenChange = (next: boolean) => {
    // While the confirmed action runs, the outcome decides whether the dialog closes.
    if (pending) {
      return;
    }
    if (!next) {
      onCancel?.();
    }
    setOpen(next);
  };

  const handleConfirm = async (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    if (pending) {
      return;
    }
    const result = onConfirm?.();
    if (!isPromiseLike(result)) {
      setOpen(false);
      return;
    }
    setPending(true);
    try {
      await result;
      if (mounted.current) {
        setPending(false);
        setOpen(false);
      }
    } catch {
      // A rejection keeps the dialog open so the person can retry or cancel; onConfirm reports it.
      if (mounted.current) {
        refocusOk.current = true;
        setPending(false);
      }
    }
  };

  const Icon = variant === 'destructive' ? TriangleAlert : CircleAlert;

  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      {trigger ? (
        <AlertDialogPrimitive.Trigger data-slot="confirm-dialog-trigger" asChild>
          {trigger}
        </AlertDialogPrimitive.Trigger>
      ) : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay
          data-slot="confirm-dialog-overlay"
          className={cn(
            'fixed inset-0 z-50 bg-overlay',
            'data-[state=open]:animate-in data-[state=open]:fade-in-0',
            'data-[state=closed]:animate-out data-[state=closed]:fade-out-0',
          )}
        />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          data-variant={variant}
          aria-busy={pending || undefined}
          dir={dir}
          ref={returnFocus.contentRef}
          onOpenAutoFocus={(event) => {
            // Cancel takes focus (Radix's way), without a ring when opened with the mouse.
            const cancel =
              event.currentTarget instanceof HTMLElement
                ? event.currentTarget.querySelector<HTMLElement>('[data-slot="confirm-dialog-cancel"]')
                : null;
            if (cancel && lastFocusSource() === 'pointer') {
              event.preventDefault();
              focusForPerson(cancel, { preventScroll: true });
            }
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          // Without a description there is nothing to point at; say so, so Radix does not warn.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed inset-0 z-50 m-auto flex h-fit w-[calc(100%-2rem)] max-w-sm flex-col gap-4',
            'rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none',
            'data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95',
            'data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95',
            className,
          )}
        >
          {returnFocus.probe}
          <div className="flex items-start gap-3">
            <Icon
              aria-hidden
              className={cn('mt-0.5 size-5 shrink-0', variant === 'destructive' ? 'text-destructive' : 'text-warning')}
            />
            <div className="flex flex-col gap-1.5 text-start">
              <AlertDialogPrimitive.Title
                data-slot="confirm-dialog-title"
                className="font-semibold text-base leading-6"
              >
                {title ?? t('ui.confirm.deleteRecord')}
              </AlertDialogPrimitive.Title>
              {description ? (
                <AlertDialogPrimitive.Description
                  data-slot="confirm-dialog-description"
                  className="text-muted-foreground text-sm"
                >
                  {description}
                </AlertDialogPrimitive.Description>
              ) : null}
            </div>
          </div>
          <div data-slot="confirm-dialog-footer" className="flex justify-end gap-2">
            <AlertDialogPrimitive.Cancel asChild>
              <Button data-slot="confirm-dialog-cancel" variant="outline" size="sm" disabled={pending}>
                {cancelText ?? t('ui.action.cancel')}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button
              ref={okRef}
              data-slot="confirm-dialog-ok"
              variant={variant === 'destructive' ? 'destructive' : 'primary'}
              size="sm"
              loading={pending}
              onClick={handleConfirm}
            >
              {okText ?? t('ui.action.ok')}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

export { ConfirmDialog, type ConfirmDialogProps, type ConfirmDialogVariant };
