import { formatDate } from '@parley/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { NoticeBell } from './notice-bell';
import { clearNotices, markNoticeRead, type Notice } from './notices';

const notices: Notice[] = [
  {
    id: 'n1',
    type: 'notification',
    title: 'Weekly report is ready',
    description: '128 calls, 4 missed',
    datetime: '2026-03-02T09:30:00Z',
  },
  { id: 'n2', type: 'notification', title: 'Recording generated', read: true },
  { id: 'm1', type: 'message', title: 'Grace Hopper', description: 'Can you call me back?' },
  { id: 'e1', type: 'event', title: 'Follow up with Ada', extra: 'Urgent', status: 'error' },
];

function NoticesApp() {
  const [list, setList] = useState(notices);
  return (
    <NoticeBell
      notices={list}
      onNoticeClick={(notice) => setList((current) => markNoticeRead(current, notice.id))}
      onClear={(type) => setList((current) => clearNotices(current, type))}
    />
  );
}

describe('NoticeBell', () => {
  it('conforms', async () => {
    renderWithProviders(<NoticeBell notices={notices} className="custom" />);
    await expectConformance(screen.getByRole('button', { name: 'Notices, 3 unread' }), {
      slot: 'notice-bell',
      className: 'custom',
    });
  });

  it('shows the unread count beside the bell, capped at 99+, while the name keeps the exact number', () => {
    const many: Notice[] = Array.from({ length: 120 }, (_, index) => ({
      id: String(index),
      type: 'message',
      title: `Message ${index}`,
    }));
    const { container } = renderWithProviders(<NoticeBell notices={many} />);
    expect(screen.getByRole('button', { name: 'Notices, 120 unread' })).toBeInTheDocument();
    const count = container.querySelector('[data-slot="notice-bell-count"]');
    expect(count).toHaveTextContent('99+');
    expect(count).toHaveAttribute('aria-hidden', 'true');
  });

  it('names the bell without a count when everything is read', () => {
    const { container } = renderWithProviders(
      <NoticeBell notices={[{ id: 'x', type: 'message', title: 'Old', read: true }]} />,
    );
    expect(screen.getByRole('button', { name: 'Notices' })).toBeInTheDocument();
    expect(container.querySelector('[data-slot="notice-bell-count"]')).toBeNull();
  });

  it('opens a popover with three tabs, each with its unread count', async () => {
    renderWithProviders(<NoticeBell notices={notices} />);
    await userEvent.click(screen.getByRole('button', { name: /Notices/ }));
    const popover = screen.getByRole('dialog', { name: 'Notices' });
    const tabs = within(popover).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Notifications1', 'Messages1', 'Events1']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const list = within(popover).getByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: Weekly report is ready');
    expect(items[0]).toHaveTextContent('128 calls, 4 missed');
    expect(items[1]).not.toHaveTextContent('Unread');
  });

  it('shows the datetime in the interface language inside a machine-readable <time>', async () => {
    renderWithProviders(<NoticeBell notices={notices} defaultOpen />);
    const time = screen.getByText(
      formatDate('2026-03-02T09:30:00Z', 'en-US', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-02T09:30:00Z');
  });

  it('switches tabs with the keyboard and shows each list', async () => {
    const onTabChange = vi.fn();
    renderWithProviders(<NoticeBell notices={notices} defaultOpen onTabChange={onTabChange} />);
    screen.getByRole('tab', { name: /Notifications/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onTabChange).toHaveBeenCalledWith('message');
    expect(screen.getByRole('list', { name: 'Messages' })).toHaveTextContent('Grace Hopper');
    await userEvent.keyboard('{ArrowRight}');
    const events = screen.getByRole('list', { name: 'Events' });
    expect(events).toHaveTextContent('Follow up with Ada');
    expect(events).toHaveTextContent('Urgent');
  });

  it('reports a clicked notice', async () => {
    const onNoticeClick = vi.fn();
    renderWithProviders(<NoticeBell notices={notices} defaultOpen onNoticeClick={onNoticeClick} />);
    await userEvent.click(screen.getByRole('button', { name: /Weekly report is ready/ }));
    expect(onNoticeClick).toHaveBeenCalledWith(notices[0]);
  });

  it('reports Clear for the shown type and disables it on an empty tab', async () => {
    const onClear = vi.fn();
    renderWithProviders(
      <NoticeBell notices={notices.filter((notice) => notice.type !== 'message')} defaultOpen onClear={onClear} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear Notifications' }));
    expect(onClear).toHaveBeenCalledWith('notification');
    await userEvent.click(screen.getByRole('tab', { name: /Messages/ }));
    expect(screen.getByRole('button', { name: 'Clear Messages' })).toBeDisabled();
    expect(screen.getByText('You have read all messages.')).toBeInTheDocument();
  });

  it('shows the empty text of each tab', async () => {
    renderWithProviders(<NoticeBell notices={[]} defaultOpen />);
    expect(screen.getByText('You have viewed all notifications.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Events' }));
    expect(screen.getByText('You have completed all to do.')).toBeInTheDocument();
  });

  it('shows a spinner while loading and keeps Clear disabled', () => {
    renderWithProviders(<NoticeBell notices={notices} loading defaultOpen />);
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear Notifications' })).toBeDisabled();
  });

  it('keeps the counts right as the app marks notices read and clears a type', async () => {
    renderWithProviders(<NoticesApp />);
    await userEvent.click(screen.getByRole('button', { name: 'Notices, 3 unread' }));
    await userEvent.click(screen.getByRole('button', { name: /Weekly report is ready/ }));
    expect(screen.getByRole('button', { name: 'Notices, 2 unread' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notifications' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Events/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Events' }));
    expect(screen.getByRole('button', { name: 'Notices, 1 unread' })).toBeInTheDocument();
    expect(screen.getByText('You have completed all to do.')).toBeInTheDocument();
  });

  it('follows a controlled tab', async () => {
    renderWithProviders(<NoticeBell notices={notices} defaultOpen tab="event" onTabChange={() => {}} />);
    expect(screen.getByRole('tab', { name: /Events/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: /Messages/ }));
    expect(screen.getByRole('tab', { name: /Events/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('reports opening, so the app can fetch notices, and closes with Escape', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<NoticeBell notices={notices} onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Notices/ }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /Notices/ })).toHaveFocus();
  });
});
