import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover';

function HelpPopover({ onOpenChange, className }: { onOpenChange?: (open: boolean) => void; className?: string }) {
  return (
    <Popover onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button>Help</Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Help" className={className}>
        <input aria-label="Question" />
        <PopoverClose asChild>
          <Button>Done</Button>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <output>{open ? 'open' : 'closed'}</output>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger>Help</PopoverTrigger>
        <PopoverContent aria-label="Help">Text</PopoverContent>
      </Popover>
    </>
  );
}

describe('Popover', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<HelpPopover className="custom" />);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    await expectConformance(screen.getByRole('dialog', { name: 'Help' }), {
      slot: 'popover-content',
      className: 'custom',
    });
  });

  it('opens from its trigger, focuses the first field and reports expanded', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<HelpPopover onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Help' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveFocus();
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });

  it('closes with Escape and gives focus back to the trigger', async () => {
    renderWithProviders(<HelpPopover />);
    const trigger = screen.getByRole('button', { name: 'Help' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
  });

  it('closes from a close part and on a click outside', async () => {
    renderWithProviders(
      <>
        <HelpPopover />
        <Button>Elsewhere</Button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('status')).toHaveTextContent('open');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('status')).toHaveTextContent('closed');
  });

  it('passes the writing direction to the portalled content', async () => {
    renderWithProviders(<HelpPopover />, { locale: 'ar-EG' });
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('dir', 'rtl');
  });
});
