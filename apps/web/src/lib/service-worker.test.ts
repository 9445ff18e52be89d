import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activateWaitingWorker,
  clearWaitingRegistration,
  getWaitingRegistration,
  registerOfflineApp,
  removeOfflineApp,
  type ServiceWorkerEnvironment,
  SKIP_WAITING_MESSAGE,
  serviceWorkerUrl,
  startServiceWorker,
  subscribeToWaitingRegistration,
} from './service-worker';

/** A worker with a state that can change, as the browser's do. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState;
  postMessage = vi.fn();
  constructor(state: ServiceWorkerState) {
    super();
    this.state = state;
  }
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  unregister = vi.fn(async () => true);
}

function environment({
  secure = true,
  controlled = true,
  registration = new FakeRegistration(),
  registrations = [] as FakeRegistration[],
  cacheNames = [] as string[],
} = {}) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker('activated') : null,
    register: vi.fn(async () => registration),
    getRegistrations: vi.fn(async () => registrations),
  });
  const caches = { keys: vi.fn(async () => cacheNames), delete: vi.fn(async () => true) };
  const reload = vi.fn();
  const env = {
    container: container as unknown as ServiceWorkerContainer,
    caches: caches as unknown as CacheStorage,
    secure,
    reload,
  } satisfies ServiceWorkerEnvironment;
  return { env, container, caches, reload, registration };
}

afterEach(() => clearWaitingRegistration());

describe('offline app off (SPEC §4)', () => {
  it('removes every worker registration and every cache on a secure page', async () => {
    const first = new FakeRegistration();
    const second = new FakeRegistration();
    const { env, caches } = environment({ registrations: [first, second], cacheNames: ['parley-shell-1', 'other'] });

    await startServiceWorker({ enabled: false, environment: env });

    expect(first.unregister).toHaveBeenCalled();
    expect(second.unregister).toHaveBeenCalled();
    expect(caches.delete).toHaveBeenCalledWith('parley-shell-1');
    expect(caches.delete).toHaveBeenCalledWith('other');
  });

  it('leaves an insecure page alone (browsers give it no workers or caches to remove)', async () => {
    const registration = new FakeRegistration();
    const { env, container, caches } = environment({ secure: false, registrations: [registration], cacheNames: ['x'] });

    await removeOfflineApp(env);

    expect(container.getRegistrations).not.toHaveBeenCalled();
    expect(caches.keys).not.toHaveBeenCalled();
  });

  it('never registers a worker', async () => {
    const { env, container } = environment();
    await startServiceWorker({ enabled: false, environment: env });
    expect(container.register).not.toHaveBeenCalled();
  });
});

describe('offline app on (SPEC §4, §9)', () => {
  it('registers the worker for the whole site and removes nothing', async () => {
    const { env, container, caches } = environment({ cacheNames: ['parley-shell-1'] });

    await startServiceWorker({ enabled: true, environment: env, scriptUrl: '/sw.js?v=index-abc' });

    expect(container.register).toHaveBeenCalledWith('/sw.js?v=index-abc', { scope: '/' });
    expect(caches.delete).not.toHaveBeenCalled();
  });

  it('reports a worker already waiting from an earlier visit', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    const { env } = environment({ registration });
    const listener = vi.fn();
    const unsubscribe = subscribeToWaitingRegistration(listener);

    await startServiceWorker({ enabled: true, environment: env, scriptUrl: '/sw.js' });

    expect(getWaitingRegistration()).toBe(registration);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('reports a new worker once it has installed while the page is open', async () => {
    const { env, registration } = environment();
    const onUpdate = vi.fn();
    await registerOfflineApp(env, { scriptUrl: '/sw.js', onUpdate });
    expect(onUpdate).not.toHaveBeenCalled();

    const installing = new FakeWorker('installing');
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    registration.waiting = installing;
    installing.becomes('installed');

    expect(onUpdate).toHaveBeenCalledWith(registration);
  });

  it('does not call the very first install an update', async () => {
    const { env, registration } = environment({ controlled: false });
    const onUpdate = vi.fn();
    await registerOfflineApp(env, { scriptUrl: '/sw.js', onUpdate });

    const installing = new FakeWorker('installing');
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    registration.waiting = installing;
    installing.becomes('installed');

    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('Refresh tells the waiting worker to skip waiting and reloads when it takes control', async () => {
    const { env, container, reload, registration } = environment();
    const waiting = new FakeWorker('installed');
    registration.waiting = waiting;

    const done = activateWaitingWorker(registration as unknown as ServiceWorkerRegistration, env);

    expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    await done;
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failing registration does not break the start of the app', async () => {
    const { env, container } = environment();
    container.register.mockRejectedValueOnce(new Error('SecurityError'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await expect(startServiceWorker({ enabled: true, environment: env })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('serviceWorkerUrl', () => {
  it('names the build by the entry chunk, so each deploy is a new worker', () => {
    expect(serviceWorkerUrl('https://parley.test/assets/index-B2x9QkLm.js')).toBe('/sw.js?v=index-B2x9QkLm');
  });

  it('reads the entry script from the page by default', () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = '/assets/index-Zz81.js';
    document.head.append(script);
    expect(serviceWorkerUrl()).toBe('/sw.js?v=index-Zz81');
    script.remove();
  });
});
