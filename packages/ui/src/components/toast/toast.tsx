import { useTranslation } from '@parley/i18n';
import { CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert, X } from 'lucide-react';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { type ExternalToast, Toaster as SonnerToaster, toast } from 'sonner';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';

/** SPEC §9: transient messages last 3 s, other notices 1.5 s, notifications 4.5 s. */
const MESSAGE_DURATION = 3000;
const NOTICE_DURATION = 1500;
const NOTIFICATION_DURATION = 4500;

/** SPEC §9: notifications sit top right, 24 px from the top and bottom edges. */
const NOTIFICATION_OFFSET = 24;

const MESSAGE_TOASTER_ID = 'parley-message';
const NOTIFICATION_TOASTER_ID = 'parley-notification';

type ToastId = string | number;
type MessageType = 'success' | 'error' | 'info' | 'warning' | 'loading';
type NotificationType = 'success' | 'error' | 'info' | 'warning';

interface MessageOptions {
  /** Replaces the toast with this id in place, e.g. turning a loading message into a success. */
  id?: ToastId;
  /** How long it stays, in milliseconds; `0` or `Infinity` keeps it until dismissed. */
  duration?: number;
  /** Called once the toast goes away, on its own or dismissed. */
  onClose?: () => void;
}

interface MessageArgs extends MessageOptions {
  type: MessageType;
  content: React.ReactNode;
}

interface NotificationArgs extends MessageOptions {
  /** Picks the icon; leave it out for a plain notification. */
  type?: NotificationType;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** A control under the description, e.g. a Refresh button. */
  action?: React.ReactNode;
}

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
  { id, duration, onClose }: MessageOptions,
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

function showMessage({ type, content, ...options }: MessageArgs, defaultDuration: number): ToastId {
  return toast.custom(
    () => <MessageToast type={type} content={content} />,
    sonnerOptions(MESSAGE_TOASTER_ID, options, defaultDuration),
  );
}

interface MessageApi {
  open: (args: MessageArgs) => ToastId;
  success: (content: React.ReactNode, options?: MessageOptions) => ToastId;
  error: (content: React.ReactNode, options?: MessageOptions) => ToastId;
  info: (content: React.ReactNode, options?: MessageOptions) => ToastId;
  warning: (content: React.ReactNode, options?: MessageOptions) => ToastId;
  loading: (content: React.ReactNode, options?: MessageOptions) => ToastId;
}

function createMessageApi(defaultDuration: number): MessageApi {
  const byType =
    (type: MessageType) =>
    (content: React.ReactNode, options: MessageOptions = {}) =>
      showMessage({ ...options, type, content }, defaultDuration);
  return {
    open: (args) => showMessage(args, defaultDuration),
    success: byType('success'),
    error: byType('error'),
    info: byType('info'),
    warning: byType('warning'),
    loading: byType('loading'),
  };
}

/** Short feedback at the top centre, 3 s by default: `message.success('Saved')`. Returns the toast id. */
const message: MessageApi = createMessageApi(MESSAGE_DURATION);

/** Like `message`, for lighter notices that last 1.5 s by default: `notice.info('Copied')`. */
const notice: MessageApi = createMessageApi(NOTICE_DURATION);

interface NotificationApi {
  open: (args: NotificationArgs) => ToastId;
  success: (args: Omit<NotificationArgs, 'type'>) => ToastId;
  error: (args: Omit<NotificationArgs, 'type'>) => ToastId;
  info: (args: Omit<NotificationArgs, 'type'>) => ToastId;
  warning: (args: Omit<NotificationArgs, 'type'>) => ToastId;
}

function showNotification({ id, duration, onClose, ...content }: NotificationArgs): ToastId {
  return toast.custom(
    (toastId) => <NotificationToast toastId={toastId} {...content} />,
    sonnerOptions(NOTIFICATION_TOASTER_ID, { id, duration, onClose }, NOTIFICATION_DURATION),
  );
}

/** A titled card at the top right, 4.5 s by default: `notification.open({ title, description, type })`. */
const notification: NotificationApi = {
  open: showNotification,
  success: (args) => showNotification({ ...args, type: 'success' }),
  error: (args) => showNotification({ ...args, type: 'error' }),
  info: (args) => showNotification({ ...args, type: 'info' }),
  warning: (args) => showNotification({ ...args, type: 'warning' }),
};

/** Closes the toast with this id, or every toast when called without one. */
function dismiss(id?: ToastId): void {
  toast.dismiss(id);
}

interface ToasterProps {
  /** Writing direction of the toasts' text; defaults to the surrounding Radix direction. */
  dir?: 'ltr' | 'rtl';
}

/**
 * Renders the regions where `message`, `notice` and `notification` appear. UiProvider renders
 * one; render it yourself only outside UiProvider, and only once.
 */
function Toaster({ dir }: ToasterProps) {
  const { t } = useTranslation();
  const contextDir = Direction.useDirection();
  const direction = dir ?? contextDir;
  return (
    <>
      <SonnerToaster
        id={MESSAGE_TOASTER_ID}
        position="top-center"
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
        offset={{ top: NOTIFICATION_OFFSET, bottom: NOTIFICATION_OFFSET, right: NOTIFICATION_OFFSET }}
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

export {
  dismiss,
  MESSAGE_DURATION,
  type MessageApi,
  type MessageArgs,
  type MessageOptions,
  type MessageType,
  message,
  NOTICE_DURATION,
  NOTIFICATION_DURATION,
  type NotificationApi,
  type NotificationArgs,
  type NotificationType,
  notice,
  notification,
  Toaster,
  type ToasterProps,
  type ToastId,
};
