/** SPEC §9: the offline-app option, off unless the build sets `VITE_OFFLINE_APP=true`. */
export const OFFLINE_APP_ENABLED = import.meta.env.VITE_OFFLINE_APP === 'true';

/** The hand-written worker in apps/web/public. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** What the page posts to a waiting worker to make it take over (public/sw.js listens for it). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** The browser parts the offline app touches; tests pass stand-ins. */
export interface ServiceWorkerEnvironment {
  /** `navigator.serviceWorker`; undefined where the browser has none (or the page is not secure). */
  container: ServiceWorkerContainer | undefined;
  /** `window.caches`. */
  caches: CacheStorage | undefined;
  /** `window.isSecureContext`: workers only run on https and localhost. */
  secure: boolean;
  reload: () => void;
}

/** The real browser's parts. */
export function browserEnvironment(): ServiceWorkerEnvironment {
  return {
    container: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    caches: typeof window !== 'undefined' && 'caches' in window ? window.caches : undefined,
    secure: typeof window !== 'undefined' && window.isSecureContext,
    reload: () => window.location.reload(),
  };
}

/** The page's entry script (`/assets/index-<hash>.js` in a build), from index.html. */
function entryScriptUrl(): string {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script?.src ?? window.location.href;
}

/**
 * The worker's address with the build in it. The entry chunk's name carries a hash over the whole
 * build (every other chunk's hashed name is inside it), so a new deploy registers a new URL, the
 * browser installs that worker beside the old one, and the page offers to refresh.
 */
export function serviceWorkerUrl(entryUrl: string = entryScriptUrl()): string {
  const file = new URL(entryUrl, window.location.href).pathname.split('/').pop() ?? '';
  const version = file.replace(/\.[a-z]+$/i, '');
  return version ? `${SERVICE_WORKER_PATH}?v=${encodeURIComponent(version)}` : SERVICE_WORKER_PATH;
}

/* A new worker waiting to take over, shared with the prompt that offers the refresh. */
let waitingRegistration: ServiceWorkerRegistration | null = null;
const waitingListeners = new Set<() => void>();

function setWaiting(registration: ServiceWorkerRegistration | null): void {
  waitingRegistration = registration;
  for (const listener of waitingListeners) {
    listener();
  }
}

/** The registration whose new worker is waiting, or null: what the update prompt shows for. */
export function getWaitingRegistration(): ServiceWorkerRegistration | null {
  return waitingRegistration;
}

/** Follows {@link getWaitingRegistration} (for `useSyncExternalStore`). */
export function subscribeToWaitingRegistration(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/**
 * SPEC §4: with the offline-app option off on a secure page, every worker registration and every
 * cache goes, so a browser that once had the offline app stops serving old copies.
 */
export async function removeOfflineApp(environment: ServiceWorkerEnvironment): Promise<void> {
  if (!environment.secure) {
    return;
  }
  const registrations = (await environment.container?.getRegistrations()) ?? [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
  const names = (await environment.caches?.keys()) ?? [];
  await Promise.all(names.map((name) => environment.caches?.delete(name)));
}

/**
 * Registers the worker and reports a new one waiting to take over: one left from an earlier
 * visit, or one that finishes installing while the page is open. The very first install is not
 * an update (nothing controls the page yet), so it is not reported.
 */
export async function registerOfflineApp(
  environment: ServiceWorkerEnvironment,
  { scriptUrl, onUpdate }: { scriptUrl: string; onUpdate: (registration: ServiceWorkerRegistration) => void },
): Promise<ServiceWorkerRegistration | null> {
  const container = environment.container;
  if (!environment.secure || !container) {
    return null;
  }
  const registration = await container.register(scriptUrl, { scope: '/' });
  const reportWaiting = () => {
    if (registration.waiting && container.controller) {
      onUpdate(registration);
    }
  };
  reportWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') {
        reportWaiting();
      }
    });
  });
  return registration;
}

/**
 * SPEC §4 update: the confirm button activates the waiting worker and reloads the page once the
 * new worker controls it. Without a waiting worker it reloads at once.
 */
export function activateWaitingWorker(
  registration: ServiceWorkerRegistration,
  environment: ServiceWorkerEnvironment,
): Promise<void> {
  const waiting = registration.waiting;
  const container = environment.container;
  if (!waiting || !container) {
    environment.reload();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    container.addEventListener(
      'controllerchange',
      () => {
        environment.reload();
        resolve();
      },
      { once: true },
    );
    waiting.postMessage(SKIP_WAITING_MESSAGE);
  });
}

/**
 * At start: with the option on, registers the worker and keeps a waiting update for the prompt;
 * with it off, removes what an earlier build may have left. Never throws: the app works without.
 */
export async function startServiceWorker({
  enabled = OFFLINE_APP_ENABLED,
  environment = browserEnvironment(),
  scriptUrl = serviceWorkerUrl(),
}: {
  enabled?: boolean;
  environment?: ServiceWorkerEnvironment;
  scriptUrl?: string;
} = {}): Promise<void> {
  try {
    if (enabled) {
      await registerOfflineApp(environment, { scriptUrl, onUpdate: setWaiting });
    } else {
      await removeOfflineApp(environment);
    }
  } catch (error) {
    console.warn('The offline app could not be set up.', error);
  }
}

/** The prompt's Refresh: activates the waiting worker, then the page reloads. */
export function refreshToUpdate(environment: ServiceWorkerEnvironment = browserEnvironment()): Promise<void> {
  const registration = waitingRegistration;
  if (!registration) {
    environment.reload();
    return Promise.resolve();
  }
  return activateWaitingWorker(registration, environment);
}

/** Forgets a waiting update (tests, or a dismissed prompt that should not come back this visit). */
export function clearWaitingRegistration(): void {
  setWaiting(null);
}
