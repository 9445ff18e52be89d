import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The test setup preloads the toasts' renderer; these tests take a fresh copy of the module to see
// the app's path, where sonner loads with the first toast or the first key or pointer press.
let toast: typeof import('./toast');

beforeEach(async () => {
  vi.resetModules();
  toast = await import('./toast');
});

describe('toasts before their renderer has loaded', () => {
  it('render no regions until asked, then show the toasts asked for meanwhile, in order', async () => {
    render(<toast.Toaster />);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => {
      toast.message.success('First');
      toast.notification.info({ title: 'Second' });
    });
    const messages = await screen.findByRole('region', { name: 'Messages' });
    expect(await within(messages).findByText('First')).toBeInTheDocument();
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Second')).toBeInTheDocument();
  });

  it('load on the first pointer press, so the regions are in place before the toast it leads to', async () => {
    render(<toast.Toaster />);
    fireEvent.pointerDown(document.body);
    expect(await screen.findByRole('region', { name: 'Messages' })).toBeInTheDocument();
    act(() => {
      toast.message.info('Now');
    });
    expect(await screen.findByText('Now')).toBeInTheDocument();
  });

  it('answer ids at once, and dismiss(id) before the renderer arrives closes that toast', async () => {
    render(<toast.Toaster />);
    let first: string | number = '';
    act(() => {
      first = toast.message.info('Gone');
      toast.message.info('Kept');
      toast.dismiss(first);
    });
    expect(first).toBeTruthy();
    expect(await screen.findByText('Kept')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Gone')).toBeNull());
  });
});

describe('toasts when their renderer cannot load (offline)', () => {
  beforeEach(async () => {
    vi.resetModules();
    vi.doMock('./toast-regions', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    toast = await import('./toast');
  });
  afterEach(() => {
    vi.doUnmock('./toast-regions');
    act(() => toast.dismiss());
  });

  it('still show what was asked for, plainly: an error as an alert, below the header', async () => {
    render(<toast.Toaster />);
    act(() => {
      toast.notification.error({
        title: 'Network abnormal',
        description: 'Your network is abnormal and cannot connect to the server',
      });
      toast.message.success('Saved');
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network abnormal');
    expect(alert).toHaveTextContent('Your network is abnormal and cannot connect to the server');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByTestId('plain-toasts').style.top).toBe('65px');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('show a toast asked for after the failure at once, and close it with dismiss(id)', async () => {
    render(<toast.Toaster />);
    act(() => {
      toast.message.info('First');
    });
    await screen.findByRole('status');
    let id: string | number = '';
    act(() => {
      id = toast.notification.warning({ title: 'Second' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Second');
    act(() => toast.dismiss(id));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('First');
  });

  it('go away after their time, like the others', async () => {
    vi.useFakeTimers();
    try {
      render(<toast.Toaster />);
      act(() => {
        toast.message.error('Brief', { duration: 1000 });
      });
      await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Brief'));
      act(() => vi.advanceTimersByTime(1100));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
