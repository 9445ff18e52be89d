import { useTranslation } from '@parley/i18n';
import { CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert, X } from 'lucide-react';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { useEffect } from 'react';
import { type ExternalToast, Toaster as SonnerToaster, toast } from 'sonner';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';
import {
  MESSAGE_TOASTER_ID,
  type MessageArgs,
  type MessageType,
  NOTIFICATION_DURATION,
  NOTIFICATION_OFFSET,
  NOTIFICATION_TOASTER_ID,
  type NotificationArgs,
  type NotificationType,
  TOAST_TOP_OFFSET,
  type ToasterProps,
  type ToastId,
} from './toast';

// The part of the toasts that needs sonner (about 9 KiB gzip): loaded by toast.tsx when the
// first toast is asked for (or the page is first interacted with), not with every page.

const typeIcons: Record<NotificationType, LucideIcon> = {
  success: CircleCheck,
  error: CircleX,
  info: Info,
  warning: TriangleAlert,
};

const typeColours: Record<NotificationType, string> = {
  success: 'text-success',
  error: 'text-destructive',
  info: 'text-info',
  warning: 'text-warning',
};

function TypeIcon({ type }: { type: MessageType }) {
  if (type === 'loading') {
    return <Spinner size="sm" decorative className="text-primary-text" />;
  }
  const Icon = typeIcons[type];
  return <Icon aria-hidden className={cn('size-4 shrink-0', typeColours[type])} />;
}

function MessageToast({ type, content }: { type: MessageType; content: React.ReactNode }) {
  return (
    <div
      data-slot="message"
      data-type={type}
      className={cn(
        // Sonner sets its own font on the list; keep the app's.
        'pointer-events-auto inline-flex max-w-full items-center gap-2 rounded-lg border bg-popover px-3 py-2 font-sans',
        'text-popover-foreground text-sm shadow-lg',
      )}
    >
      <TypeIcon type={type} />
      <span className="min-w-0 text-start">{content}</span>
    </div>
  );
}

function NotificationToast({
  toastId,
  type,
  title,
  description,
  action,
}: Omit<NotificationArgs, 'id' | 'duration' | 'onClose'> & { toastId: ToastId }) {
  const { t } = useTranslation();
  return (
    <div
      data-slot="notification"
      data-type={type ?? 'default'}
      className="flex w-full items-start gap-3 rounded-lg border bg-popover p-4 font-sans text-popover-foreground shadow-lg"
    >
      {type ? (
        <span className="mt-0.5 flex">
          <TypeIcon type={type} />
        </span>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-start">
        <div data-slot="notification-title" className="font-medium text-sm leading-5">
          {title}
        </div>
        {description ? (
          <div data-slot="notification-description" className="text-muted-foreground text-sm leading-5">
            {description}
          </div>
        ) : null}
        {action ? (
          <div data-slot="notification-action" className="mt-2 flex gap-2">
            {action}
          </div>
        ) : null}
      </div>
      <Button
        data-slot="notification-close"
        variant="ghost"
        size="icon"
        aria-label={t('ui.action.close')}
        className="-me-1 -mt-1 size-6 shrink-0 text-muted-foreground hover:text-foreground"
        onClick={() => toast.dismiss(toastId)}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}

/** Sonner keeps a toast open for `Infinity`, but treats 0 as "use the default". */
function sonnerDuration(duration: number | undefined, fallback: number): number {
  if (duration === undefined) {
    return fallback;
  }
  return duration <= 0 ? Number.POSITIVE_INFINITY : duration;
}

function sonnerOptions(
  toasterId: string,
  { id, duration, onClose }: Omit<MessageArgs, 'type' | 'content'>,
  defaultDuration: number,
): ExternalToast {
  return {
    toasterId,
    id,
    duration: sonnerDuration(duration, defaultDuration),
    onDismiss: onClose ? () => onClose() : undefined,
    onAutoClose: onClose ? () => onClose() : undefined,
  };
}

function showMessage({ type, content, ...options }: MessageArgs & { id: ToastId }, defaultDuration: number): void {
  toast.custom(
    () => <MessageToast type={type} content={content} />,
    sonnerOptions(MESSAGE_TOASTER_ID, options, defaultDuration),
  );
}

function showNotification({ id, duration, onClose, ...content }: NotificationArgs & { id: ToastId }): void {
  toast.custom(
    (toastId) => <NotificationToast toastId={toastId} {...content} />,
    sonnerOptions(NOTIFICATION_TOASTER_ID, { id, duration, onClose }, NOTIFICATION_DURATION),
  );
}

function dismiss(id?: ToastId): void {
  toast.dismiss(id);
}

/** Sonner's two regions, where `message`, `notice` and `notification` appear (see Toaster). */
function ToastRegions({ dir, onMount }: ToasterProps & { onMount?: () => () => void }) {
  const { t } = useTranslation();
  const contextDir = Direction.useDirection();
  const direction = dir ?? contextDir;
  // Runs after sonner's own effects have subscribed its regions: toasts asked for before this
  // code arrived can be shown now.
  useEffect(() => onMount?.(), [onMount]);
  return (
    <>
      <SonnerToaster
        id={MESSAGE_TOASTER_ID}
        position="top-center"
        // Below the header on every screen (sonner's own offsets would put it over the header).
        offset={{ top: TOAST_TOP_OFFSET }}
        mobileOffset={{ top: TOAST_TOP_OFFSET }}
        dir={direction}
        expand
        gap={8}
        visibleToasts={5}
        hotkey={[]}
        customAriaLabel={t('ui.toast.messages')}
        // The list item spans the region; only the pill inside catches the pointer.
        toastOptions={{ className: 'pointer-events-none flex w-full justify-center' }}
      />
      <SonnerToaster
        id={NOTIFICATION_TOASTER_ID}
        // SPEC §9 places notifications top right in every direction, so this stays physical.
        position="top-right"
        offset={{ top: TOAST_TOP_OFFSET, bottom: NOTIFICATION_OFFSET, right: NOTIFICATION_OFFSET }}
        mobileOffset={{ top: TOAST_TOP_OFFSET }}
        dir={direction}
        expand
        gap={12}
        visibleToasts={4}
        customAriaLabel={t('ui.toast.notifications')}
        style={{ '--width': '384px' } as React.CSSProperties}
        toastOptions={{ className: 'w-full' }}
      />
    </>
  );
}

export { dismiss, showMessage, showNotification, ToastRegions };
