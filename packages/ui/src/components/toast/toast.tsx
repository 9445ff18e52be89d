import type * as React from 'react';
import { useEffect, useState } from 'react';

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

/*
 * Sonner, the toasts' renderer, is about 9 KiB gzip that a page only needs once it shows a toast.
 * It loads when the first toast is asked for, or earlier when the person first presses a key or
 * a pointer (so the live regions are in place before the toasts that answer their actions); until
 * then calls wait in a queue, in order. Once loaded, everything runs at once as before.
 */
type Regions = typeof import('./toast-regions');

let regions: Regions | null = null;
let loading: Promise<Regions> | null = null;
/** Toast calls made before sonner arrived, run once its regions are mounted. */
let queued: ((loaded: Regions) => void)[] = [];
/** Whether sonner was asked for, and the Toasters to tell when it is. */
let wanted = false;
const wantedListeners = new Set<() => void>();
let toastCount = 0;

/** Loads sonner and the regions' code; Toasters mount their regions once it is in. */
function loadToastRegions(): Promise<Regions> {
  if (!loading) {
    loading = import('./toast-regions').then((loaded) => {
      regions = loaded;
      return loaded;
    });
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
  for (const call of calls) {
    call(regions as Regions);
  }
  return () => {
    mountedRegions--;
  };
}

function run(call: (loaded: Regions) => void) {
  if (regions && mountedRegions > 0) {
    call(regions);
    return;
  }
  queued.push(call);
  void loadToastRegions();
}

function showMessage(args: MessageArgs, defaultDuration: number): ToastId {
  const id = args.id ?? `parley-toast-${++toastCount}`;
  run((loaded) => loaded.showMessage({ ...args, id }, defaultDuration));
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
  run((loaded) => loaded.showNotification({ ...args, id }));
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
      void loadToastRegions().then((module) => live && setLoaded(module));
    };
    if (wanted) {
      show();
      return () => {
        live = false;
      };
    }
    wantedListeners.add(show);
    const load = () => void loadToastRegions();
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
    return null;
  }
  const { ToastRegions } = loaded;
  return <ToastRegions dir={dir} onMount={regionsMounted} />;
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
  Toaster,
  type ToasterProps,
  type ToastId,
};
