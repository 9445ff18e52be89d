import type * as React from 'react';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** SPEC §9: transient messages last 3 s, other notices 1.5 s, notifications 4.5 s. */
const MESSAGE_DURATION = 3000;
const NOTICE_DURATION = 1500;
const NOTIFICATION_DURATION = 4500;

/** SPEC §9: notifications sit top right, 24 px from the right and bottom edges. */
const NOTIFICATION_OFFSET = 24;

/**
 * SPEC §9: toasts sit 65 px from the top ("Notification position is top 65 px"), below the 48 px
 * header, which they never cover: its menu, search and account stay in reach while one shows.
 */
const TOAST_TOP_OFFSET = 65;

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

/*
 * Sonner, the toasts' renderer, is about 9 KiB gzip that a page only needs once it shows a toast.
 * It loads when the first toast is asked for, or earlier when the person first presses a key or
 * a pointer (so the live regions are in place before the toasts that answer their actions); until
 * then calls wait in a queue, in order. Once loaded, everything runs at once as before.
 */
type Regions = typeof import('./toast-regions');

let regions: Regions | null = null;
let loading: Promise<Regions> | null = null;
/**
 * What a toast says, kept so it can still be shown when sonner cannot load: offline, the lazily
 * loaded code fails too, and the "Network abnormal" notification must show all the same.
 */
interface PlainToast {
  id: ToastId;
  type: MessageType | NotificationType | undefined;
  title: React.ReactNode;
  description?: React.ReactNode;
  duration: number;
}
/** A toast call made before sonner arrived: run once its regions are mounted, or shown plainly. */
interface QueuedCall {
  call: (loaded: Regions) => void;
  plain: PlainToast | undefined;
}
let queued: QueuedCall[] = [];
/** True after sonner failed to load (offline): toasts show plainly until it loads. */
let unavailable = false;
/** Whether sonner was asked for, and the Toasters to tell when it is. */
let wanted = false;
const wantedListeners = new Set<() => void>();
let toastCount = 0;

/** Loads sonner and the regions' code; Toasters mount their regions once it is in. */
function loadToastRegions(): Promise<Regions> {
  if (!loading) {
    loading = import('./toast-regions').then(
      (loaded) => {
        regions = loaded;
        unavailable = false;
        return loaded;
      },
      (error: unknown) => {
        // Offline, say: what waited is shown plainly, and the next toast tries to load it again.
        loading = null;
        unavailable = true;
        const calls = queued;
        queued = [];
        for (const { plain } of calls) {
          if (plain) {
            showPlain(plain);
          }
        }
        throw error;
      },
    );
    // Set before telling the Toasters, which call back in here.
    wanted = true;
    for (const listener of [...wantedListeners]) {
      listener();
    }
  }
  return loading;
}

/** How many Toasters have their regions mounted: sonner shows a toast only to mounted regions. */
let mountedRegions = 0;

/** A Toaster's regions mounted: the queued calls run now, later ones at once. Answers the unmount. */
function regionsMounted(): () => void {
  mountedRegions++;
  const calls = queued;
  queued = [];
  for (const { call } of calls) {
    call(regions as Regions);
  }
  return () => {
    mountedRegions--;
  };
}

function run(call: (loaded: Regions) => void, plain?: PlainToast) {
  if (regions && mountedRegions > 0) {
    call(regions);
    return;
  }
  if (unavailable) {
    // The last load failed: show this one plainly now, and try again for the next.
    if (plain) {
      showPlain(plain);
    }
    loadToastRegions().catch(() => undefined);
    return;
  }
  queued.push({ call, plain });
  loadToastRegions().catch(() => undefined);
}

/** The toasts shown plainly, while sonner could not load, and the Toasters that show them. */
let plainToasts: readonly PlainToast[] = [];
const plainListeners = new Set<() => void>();

function setPlainToasts(next: readonly PlainToast[]) {
  plainToasts = next;
  for (const listener of plainListeners) {
    listener();
  }
}

function subscribePlain(listener: () => void): () => void {
  plainListeners.add(listener);
  return () => plainListeners.delete(listener);
}

function readPlain(): readonly PlainToast[] {
  return plainToasts;
}

function showPlain(toast: PlainToast) {
  setPlainToasts([...plainToasts.filter((shown) => shown.id !== toast.id), toast]);
  if (Number.isFinite(toast.duration) && toast.duration > 0) {
    setTimeout(() => setPlainToasts(plainToasts.filter((shown) => shown !== toast)), toast.duration);
  }
}

function showMessage(args: MessageArgs, defaultDuration: number): ToastId {
  const id = args.id ?? `parley-toast-${++toastCount}`;
  run((loaded) => loaded.showMessage({ ...args, id }, defaultDuration), {
    id,
    type: args.type,
    title: args.content,
    duration: args.duration ?? defaultDuration,
  });
  return id;
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

function showNotification(args: NotificationArgs): ToastId {
  const id = args.id ?? `parley-toast-${++toastCount}`;
  run((loaded) => loaded.showNotification({ ...args, id }), {
    id,
    type: args.type,
    title: args.title,
    description: args.description,
    duration: args.duration ?? NOTIFICATION_DURATION,
  });
  return id;
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
  if (plainToasts.length > 0) {
    setPlainToasts(id === undefined ? [] : plainToasts.filter((shown) => shown.id !== id));
  }
  if (!regions && !loading) {
    // Nothing was ever shown: nothing to close.
    return;
  }
  run((loaded) => loaded.dismiss(id));
}

/**
 * Loads the toasts' renderer now rather than with the first toast: tests and stories call it
 * once, so regions are there from the first render and toasts show synchronously.
 */
function preloadToasts(): Promise<void> {
  return loadToastRegions().then(() => undefined);
}

interface ToasterProps {
  /** Writing direction of the toasts' text; defaults to the surrounding Radix direction. */
  dir?: 'ltr' | 'rtl';
}

/**
 * Renders the regions where `message`, `notice` and `notification` appear. UiProvider renders
 * one; render it yourself only outside UiProvider, and only once. The regions (and sonner) load
 * with the first toast or the first key or pointer press; after preloadToasts() they render at once.
 */
function Toaster({ dir }: ToasterProps) {
  const [loaded, setLoaded] = useState<Regions | null>(regions);
  useEffect(() => {
    if (loaded) {
      return;
    }
    let live = true;
    const show = () => {
      loadToastRegions().then(
        (module) => live && setLoaded(module),
        () => undefined,
      );
    };
    if (wanted) {
      show();
      return () => {
        live = false;
      };
    }
    wantedListeners.add(show);
    const load = () => void loadToastRegions().catch(() => undefined);
    const options = { capture: true, passive: true } as const;
    document.addEventListener('pointerdown', load, options);
    document.addEventListener('keydown', load, options);
    return () => {
      live = false;
      wantedListeners.delete(show);
      document.removeEventListener('pointerdown', load, options);
      document.removeEventListener('keydown', load, options);
    };
  }, [loaded]);
  if (!loaded) {
    return <PlainToasts dir={dir} />;
  }
  const { ToastRegions } = loaded;
  return (
    <>
      <ToastRegions dir={dir} onMount={regionsMounted} />
      <PlainToasts dir={dir} />
    </>
  );
}

/**
 * The toasts asked for while sonner could not load (offline): plain cards at the top, below the
 * header, announced like sonner's (an error as an alert), gone after their time like the others.
 */
function PlainToasts({ dir }: ToasterProps) {
  const shown = useSyncExternalStore(subscribePlain, readPlain, readPlain);
  if (shown.length === 0) {
    return null;
  }
  return (
    <div
      dir={dir}
      data-testid="plain-toasts"
      className="pointer-events-none fixed inset-x-0 z-[100] mx-auto grid w-[min(24rem,calc(100vw-2rem))] gap-2"
      style={{ top: TOAST_TOP_OFFSET }}
    >
      {shown.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          className="pointer-events-auto rounded-lg border bg-popover px-4 py-3 text-popover-foreground text-sm shadow-lg"
        >
          <div className="font-medium">{toast.title}</div>
          {toast.description ? <div className="mt-1 text-muted-foreground">{toast.description}</div> : null}
        </div>
      ))}
    </div>
  );
}

export {
  dismiss,
  MESSAGE_DURATION,
  MESSAGE_TOASTER_ID,
  type MessageApi,
  type MessageArgs,
  type MessageOptions,
  type MessageType,
  message,
  NOTICE_DURATION,
  NOTIFICATION_DURATION,
  NOTIFICATION_OFFSET,
  NOTIFICATION_TOASTER_ID,
  type NotificationApi,
  type NotificationArgs,
  type NotificationType,
  notice,
  notification,
  preloadToasts,
  TOAST_TOP_OFFSET,
  Toaster,
  type ToasterProps,
  type ToastId,
};
