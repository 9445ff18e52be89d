import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Badge, Tag } from './tag';

function ControlledTag() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Tag closable open={open} onOpenChange={setOpen}>
        Urgent
      </Tag>
      <button type="button" onClick={() => setOpen(true)}>
        Restore
      </button>
    </>
  );
}

describe('Tag', () => {
  it('conforms', async () => {
    renderWithProviders(
      <Tag className="custom" variant="success">
        Answered
      </Tag>,
    );
    const tag = screen.getByText('Answered').closest('[data-slot="tag"]') as HTMLElement;
    expect(tag).toHaveAttribute('data-variant', 'success');
    await expectConformance(tag, { slot: 'tag', className: 'custom' });
  });

  it('removes itself when closed, uncontrolled, and names the close button after its text', async () => {
    const onClose = vi.fn();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <Tag closable onClose={onClose} onOpenChange={onOpenChange}>
        Urgent
      </Tag>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Urgent' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Urgent')).toBeNull();
  });

  it('stays when the close handler prevents it', async () => {
    renderWithProviders(
      <Tag closable onClose={(event) => event.preventDefault()}>
        Pinned
      </Tag>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Pinned' }));
    expect(screen.getByText('Pinned')).toBeInTheDocument();
  });

  it('works controlled', async () => {
    renderWithProviders(<ControlledTag />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Urgent' }));
    expect(screen.queryByText('Urgent')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByText('Urgent')).toBeInTheDocument();
  });

  it('falls back to a generic close label when the content is not text', () => {
    renderWithProviders(
      <Tag closable>
        <strong>Rich</strong>
      </Tag>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('closes from the keyboard', async () => {
    renderWithProviders(<Tag closable>Urgent</Tag>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Remove Urgent' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByText('Urgent')).toBeNull();
  });
});

describe('Badge', () => {
  it('conforms and shows a count on its element', async () => {
    renderWithProviders(
      <Badge count={12} className="custom">
        <button type="button">Notices</button>
      </Badge>,
    );
    expect(screen.getByText('12')).toBeInTheDocument();
    const badge = screen.getByRole('button').parentElement as HTMLElement;
    await expectConformance(badge, { slot: 'badge', className: 'custom' });
  });

  it('caps large counts and formats them in the interface language', () => {
    const { rerender } = renderWithProviders(<Badge count={1500} max={999} />);
    expect(screen.getByText('999+')).toBeInTheDocument();
    rerender(<Badge count={1500} max={9999} />);
    expect(screen.getByText('1,500')).toBeInTheDocument();
  });

  it('hides a zero count unless asked', () => {
    const { container, rerender } = renderWithProviders(<Badge count={0} />);
    expect(container.querySelector('[data-slot="badge-indicator"]')).toBeNull();
    rerender(<Badge count={0} showZero />);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('announces a dot through its label', () => {
    renderWithProviders(
      <Badge dot label="New events">
        <span>Events</span>
      </Badge>,
    );
    expect(screen.getByText('New events')).toHaveClass('sr-only');
  });
});
