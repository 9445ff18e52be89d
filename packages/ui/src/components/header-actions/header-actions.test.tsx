import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { HeaderActions } from './header-actions';
import type { Notice } from './notices';

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

describe('HeaderActions', () => {
  it('conforms', async () => {
    const { container } = renderWithProviders(<HeaderActions className="custom" />);
    await expectConformance(container.querySelector('[data-slot="header-actions"]') as HTMLElement, {
      slot: 'header-actions',
      className: 'custom',
    });
  });

  it('shows only the parts whose props are given', () => {
    const { rerender } = renderWithProviders(<HeaderActions />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <HeaderActions
        onSearch={() => {}}
        helpHref="https://help.example.com"
        notices={notices}
        account={{ name: 'Serati Ma' }}
        languagePicker={<button type="button">Language</button>}
      >
        <button type="button">Record</button>
      </HeaderActions>,
    );
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'https://help.example.com');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('target', '_blank');
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Search', 'Notices, 3 unread', 'Record', 'SMSerati Ma', 'Language']);
  });

  it('renders the help link through renderHelpLink, in the same tab, with the header button look', () => {
    renderWithProviders(
      <HeaderActions
        helpHref="/help"
        renderHelpLink={({ href, children }) => (
          <a href={href} data-router-link="">
            {children}
          </a>
        )}
      />,
    );
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', '/help');
    expect(help).toHaveAttribute('data-router-link');
    expect(help).toHaveAttribute('title', 'Help');
    expect(help).not.toHaveAttribute('target');
    expect(help).toHaveClass('rounded-md', 'h-8');
  });

  it('offers a help button when given onHelp', async () => {
    const onHelp = vi.fn();
    renderWithProviders(<HeaderActions onHelp={onHelp} />);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(onHelp).toHaveBeenCalledTimes(1);
  });

  it('passes notice callbacks through to the bell', async () => {
    const onNoticeClick = vi.fn();
    const onClear = vi.fn();
    const onNoticesOpenChange = vi.fn();
    renderWithProviders(
      <HeaderActions
        notices={notices}
        onNoticeClick={onNoticeClick}
        onClear={onClear}
        onNoticesOpenChange={onNoticesOpenChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Notices/ }));
    expect(onNoticesOpenChange).toHaveBeenCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: /Recording generated/ }));
    expect(onNoticeClick).toHaveBeenCalledWith(notices[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Notifications' }));
    expect(onClear).toHaveBeenCalledWith('notification');
  });
});
