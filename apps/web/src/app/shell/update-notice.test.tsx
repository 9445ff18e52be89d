import { renderWithProviders } from '@parley/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { clearWaitingRegistration, SKIP_WAITING_MESSAGE, startServiceWorker } from '../../lib/service-worker';
import { UpdateNotice } from './update-notice';

/** A service worker whose state changes as the browser's do. */
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
}

let registration: FakeRegistration;
/** `navigator.serviceWorker`: a page already controlled by the worker of an earlier build. */
let container: EventTarget & { controller: FakeWorker; register: () => Promise<FakeRegistration> };
let reload: Mock<() => void>;

/** The offline app starts, as main.tsx starts it, on this page's (fake) service-worker container. */
async function startOfflineApp() {
  await startServiceWorker({
    enabled: true,
    environment: {
      container: container as unknown as ServiceWorkerContainer,
      caches: undefined,
      secure: true,
      reload,
    },
    scriptUrl: '/sw.js?v=index-new',
  });
}

/** A new build's worker installs while the page is open, and waits to take over. */
function newVersionInstalls(): FakeWorker {
  const worker = new FakeWorker('installing');
  act(() => {
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.waiting = worker;
    registration.installing = null;
    worker.becomes('installed');
  });
  return worker;
}

const prompt = () => screen.queryByRole('region', { name: 'New content is available' });

beforeEach(() => {
  registration = new FakeRegistration();
  container = Object.assign(new EventTarget(), {
    controller: new FakeWorker('activated'),
    register: async () => registration,
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  reload = vi.fn<() => void>();
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(() => {
  clearWaitingRegistration();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

describe("UpdateNotice: 'new content, refresh' (SPEC §2.6, §4)", () => {
  it('appears when a new version has installed while the page is open', async () => {
    renderWithProviders(<UpdateNotice />);
    await startOfflineApp();
    expect(prompt()).toBeNull();

    newVersionInstalls();

    expect(prompt()).toBeInTheDocument();
    expect(prompt()).toHaveAccessibleDescription('Please press the "Refresh" button to reload the current page.');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('appears at once for a new version left waiting by an earlier visit', async () => {
    registration.waiting = new FakeWorker('installed');
    await startOfflineApp();
    renderWithProviders(<UpdateNotice />);
    expect(prompt()).toBeInTheDocument();
  });

  it('Refresh activates the waiting worker, then reloads once it controls the page', async () => {
    renderWithProviders(<UpdateNotice />);
    await startOfflineApp();
    const worker = newVersionInstalls();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    // Reloading before the new worker takes over would load the old version again.
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveAttribute('aria-busy', 'true');

    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('stays away once dismissed, for the rest of the visit', async () => {
    renderWithProviders(<UpdateNotice />);
    await startOfflineApp();
    const worker = newVersionInstalls();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(prompt()).toBeNull();
    act(() => worker.becomes('installed'));
    expect(prompt()).toBeNull();
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
