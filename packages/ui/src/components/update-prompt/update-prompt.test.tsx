import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { UpdatePrompt } from './update-prompt';

function PromptOwner() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <UpdatePrompt open={open} onOpenChange={setOpen} onRefresh={() => {}} />
      <button type="button" onClick={() => setOpen(true)}>
        New version
      </button>
    </>
  );
}

describe('UpdatePrompt', () => {
  it('conforms', async () => {
    renderWithProviders(<UpdatePrompt open onRefresh={() => {}} className="custom" />);
    await expectConformance(screen.getByRole('status'), { slot: 'update-prompt', className: 'custom' });
  });

  it('shows the translated title, description and Refresh button when open', () => {
    renderWithProviders(<UpdatePrompt open onRefresh={() => {}} />);
    const group = screen.getByRole('region', { name: 'New content is available' });
    expect(group).toHaveAccessibleDescription('Please press the "Refresh" button to reload the current page.');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('renders an empty live region while closed', () => {
    renderWithProviders(<UpdatePrompt onRefresh={() => {}} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'closed');
  });

  it('calls onRefresh and stays busy until its promise settles', async () => {
    let finish: () => void = () => {};
    const onRefresh = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithProviders(<UpdatePrompt open onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveAttribute('aria-busy', 'true');
    finish();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).not.toHaveAttribute('aria-busy'));
  });

  it('can be dismissed when uncontrolled', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<UpdatePrompt defaultOpen onRefresh={() => {}} onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('region', { name: 'New content is available' })).toBeNull();
  });

  it('leaves closing to the owner when controlled', async () => {
    renderWithProviders(<PromptOwner />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'New content is available' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'New version' }));
    expect(screen.getByRole('region', { name: 'New content is available' })).toBeInTheDocument();
  });

  it('stays open when the controlled owner ignores the dismissal', async () => {
    renderWithProviders(<UpdatePrompt open onOpenChange={() => {}} onRefresh={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('region', { name: 'New content is available' })).toBeInTheDocument();
  });

  it('offers no close button when not dismissible', () => {
    renderWithProviders(<UpdatePrompt open dismissible={false} onRefresh={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });
});
