import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

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
