import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import {
  dismiss,
  MESSAGE_DURATION,
  message,
  NOTICE_DURATION,
  NOTIFICATION_DURATION,
  notice,
  notification,
} from './toast';

/**
 * Runs timers in small steps, letting React commit between them as the browser would: sonner
 * chains timers, animation frames and effects, and one big jump would skip the later links.
 */
function advance(milliseconds: number) {
  const step = 10;
  for (let elapsed = 0; elapsed < milliseconds; elapsed += step) {
    act(() => {
      vi.advanceTimersByTime(Math.min(step, milliseconds - elapsed));
    });
  }
}

/** Sonner adds a toast on the next tick; let it land. */
function flush() {
  advance(20);
}

/** Sonner removes a toast 200 ms after it starts leaving (its exit animation). */
const EXIT = 250;

function messagesRegion() {
  return screen.getByRole('region', { name: 'Messages' });
}

function notificationsRegion() {
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    // Toasts live in a module-level store that outlives the render; clear it for the next test.
    act(() => {
      dismiss();
    });
    if (vi.isFakeTimers()) {
      act(() => {
        vi.runOnlyPendingTimers();
      });
    }
    vi.useRealTimers();
  });

  it('renders named regions for messages and notifications, without axe violations', async () => {
    renderWithProviders(<p>Page</p>);
    expect(messagesRegion()).toBeInTheDocument();
    expect(notificationsRegion()).toBeInTheDocument();
    act(() => {
      message.success('Saved');
      notification.error({ title: 'Request error 500: /api/users', description: 'server error' });
    });
    flush();
    vi.useRealTimers();
    await expectNoAxeViolations();
  });

  it.each(['success', 'error', 'info', 'warning', 'loading'] as const)(
    'shows a %s message in the messages region',
    (type) => {
      renderWithProviders(<p>Page</p>);
      act(() => {
        message[type](`A ${type} message`);
      });
      flush();
      const shown = within(messagesRegion()).getByText(`A ${type} message`);
      expect(shown.closest('[data-slot="message"]')).toHaveAttribute('data-type', type);
      expect(within(notificationsRegion()).queryByText(`A ${type} message`)).toBeNull();
    },
  );

  it('keeps a message for 3 seconds by default', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      message.success('Saved');
    });
    flush();
    advance(MESSAGE_DURATION - 100);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(100 + EXIT);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('keeps a loading message for 3 seconds too', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      message.loading('Record updating, Please wait...');
    });
    flush();
    advance(MESSAGE_DURATION - 100);
    expect(screen.getByText('Record updating, Please wait...')).toBeInTheDocument();
    advance(100 + EXIT);
    expect(screen.queryByText('Record updating, Please wait...')).toBeNull();
  });

  it('keeps a notice for 1.5 seconds by default', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      notice.info('Copied');
    });
    flush();
    advance(NOTICE_DURATION - 100);
    expect(within(messagesRegion()).getByText('Copied')).toBeInTheDocument();
    advance(100 + EXIT);
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('keeps a notification for 4.5 seconds by default', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      notification.open({ title: 'Network abnormal', description: 'Your network is abnormal' });
    });
    flush();
    advance(NOTIFICATION_DURATION - 100);
    expect(within(notificationsRegion()).getByText('Network abnormal')).toBeInTheDocument();
    advance(100 + EXIT);
    expect(screen.queryByText('Network abnormal')).toBeNull();
  });

  it('takes a custom duration, and 0 keeps the toast until dismissed', () => {
    renderWithProviders(<p>Page</p>);
    let pinned: string | number = '';
    act(() => {
      message.info('Quick', { duration: 500 });
      pinned = message.warning('Pinned', { duration: 0 });
    });
    flush();
    advance(500 + EXIT);
    expect(screen.queryByText('Quick')).toBeNull();
    advance(60_000);
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    act(() => {
      dismiss(pinned);
    });
    advance(EXIT);
    expect(screen.queryByText('Pinned')).toBeNull();
  });

  it('returns ids, and dismiss(id) closes only that toast', () => {
    renderWithProviders(<p>Page</p>);
    let first: string | number = '';
    let second: string | number = '';
    act(() => {
      first = message.info('First');
      second = notification.info({ title: 'Second' });
    });
    expect(first).not.toBe(second);
    flush();
    act(() => {
      dismiss(first);
    });
    advance(EXIT);
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('dismiss() without an id closes everything', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      message.info('One');
      notice.success('Two');
      notification.warning({ title: 'Three' });
    });
    flush();
    act(() => {
      dismiss();
    });
    advance(EXIT);
    expect(screen.queryByText('One')).toBeNull();
    expect(screen.queryByText('Two')).toBeNull();
    expect(screen.queryByText('Three')).toBeNull();
  });

  it('replaces a loading message in place when given its id', () => {
    renderWithProviders(<p>Page</p>);
    let id: string | number = '';
    act(() => {
      id = message.loading('Record updating, Please wait...');
    });
    flush();
    act(() => {
      expect(message.success('Record updated', { id })).toBe(id);
    });
    flush();
    expect(screen.queryByText('Record updating, Please wait...')).toBeNull();
    const updated = screen.getByText('Record updated').closest('[data-slot="message"]');
    expect(updated).toHaveAttribute('data-type', 'success');
    expect(within(messagesRegion()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('calls onClose when a toast closes on its own or is dismissed', () => {
    const onAutoClose = vi.fn();
    const onDismissed = vi.fn();
    renderWithProviders(<p>Page</p>);
    let id: string | number = '';
    act(() => {
      message.success('Auto', { onClose: onAutoClose });
      id = notification.open({ title: 'Manual', onClose: onDismissed, duration: 0 });
    });
    flush();
    advance(MESSAGE_DURATION + EXIT);
    expect(onAutoClose).toHaveBeenCalledTimes(1);
    act(() => {
      dismiss(id);
    });
    advance(EXIT);
    expect(onDismissed).toHaveBeenCalledTimes(1);
  });

  it('shows a notification with title, description, icon and action, closed by its translated button', async () => {
    vi.useRealTimers();
    const onRefresh = vi.fn();
    renderWithProviders(<p>Page</p>);
    act(() => {
      notification.open({
        type: 'error',
        title: 'Request error 404: /api/users',
        description: 'record does not exist',
        action: <Button onClick={onRefresh}>Retry</Button>,
      });
    });
    const card = (await within(notificationsRegion()).findByText('Request error 404: /api/users')).closest(
      '[data-slot="notification"]',
    ) as HTMLElement;
    expect(card).toHaveAttribute('data-type', 'error');
    expect(within(card).getByText('record does not exist')).toBeInTheDocument();
    expect(card.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByText('Request error 404: /api/users')).toBeNull());
  });

  it('offers typed notification shortcuts', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      notification.success({ title: 'Saved' });
      notification.warning({ title: 'Offline' });
    });
    flush();
    expect(screen.getByText('Saved').closest('[data-slot="notification"]')).toHaveAttribute('data-type', 'success');
    expect(screen.getByText('Offline').closest('[data-slot="notification"]')).toHaveAttribute('data-type', 'warning');
  });

  it('pauses the countdown while the pointer rests on the toasts', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      message.info('Hovered');
    });
    flush();
    const list = screen.getByText('Hovered').closest('ol') as HTMLElement;
    fireEvent.mouseEnter(list);
    advance(MESSAGE_DURATION * 2);
    expect(screen.getByText('Hovered')).toBeInTheDocument();
    fireEvent.mouseLeave(list);
    advance(MESSAGE_DURATION + EXIT);
    expect(screen.queryByText('Hovered')).toBeNull();
  });

  it('writes the toasts in the interface direction, while notifications stay top right', () => {
    renderWithProviders(<p>Page</p>, { locale: 'ar-EG' });
    act(() => {
      message.info('رسالة');
      notification.info({ title: 'إشعار' });
    });
    flush();
    const messageList = screen.getByText('رسالة').closest('ol');
    const notificationList = screen.getByText('إشعار').closest('ol');
    expect(messageList).toHaveAttribute('dir', 'rtl');
    expect(messageList).toHaveAttribute('data-y-position', 'top');
    expect(messageList).toHaveAttribute('data-x-position', 'center');
    expect(notificationList).toHaveAttribute('dir', 'rtl');
    expect(notificationList).toHaveAttribute('data-x-position', 'right');
    // SPEC §9: 65 px from the top, below the header, for messages and notifications alike.
    expect(notificationList?.style.getPropertyValue('--offset-top')).toBe('65px');
    expect(messageList?.style.getPropertyValue('--offset-top')).toBe('65px');
    expect(notificationList?.style.getPropertyValue('--offset-bottom')).toBe('24px');
    expect(notificationList?.style.getPropertyValue('--offset-right')).toBe('24px');
  });
});
