import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

function NotesDialog({
  onOpenChange,
  defaultOpen,
  contentProps,
}: {
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  contentProps?: Partial<DialogContentProps>;
}) {
  return (
    <Dialog defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Add note</Button>
      </DialogTrigger>
      <DialogContent {...contentProps}>
        <DialogHeader>
          <DialogTitle>Notes</DialogTitle>
          <DialogDescription>Saved with the call.</DialogDescription>
        </DialogHeader>
        <input aria-label="Note" />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <output>{open ? 'open' : 'closed'}</output>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button>Open</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Controlled</DialogTitle>
          <DialogDescription>Text</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A list whose rows open one shared dialog from state, as the call history does. */
function RowsOpeningDialog() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      {['Row 1', 'Row 2'].map((row) => (
        <Button key={row} onClick={() => setOpen(row)}>
          Notes for {row}
        </Button>
      ))}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setOpen('menu')}>Play</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {open ? (
        <Dialog open onOpenChange={(next) => (next ? undefined : setOpen(null))}>
          <DialogContent>
            <DialogTitle>Notes of {open}</DialogTitle>
            <DialogDescription>Text</DialogDescription>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

/** A two-step flow: the first dialog's choice closes it and opens the second. */
function TwoSteps() {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  return (
    <>
      <Button onClick={() => setStep(1)}>Follow up</Button>
      <Dialog open={step === 1} onOpenChange={(next) => (next ? undefined : setStep(0))}>
        <DialogContent>
          <DialogTitle>Choose</DialogTitle>
          <DialogDescription>Text</DialogDescription>
          <Button onClick={() => setStep(2)}>Welcome video</Button>
        </DialogContent>
      </Dialog>
      <Dialog open={step === 2} onOpenChange={(next) => (next ? undefined : setStep(0))}>
        <DialogContent>
          <DialogTitle>Send</DialogTitle>
          <DialogDescription>Text</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<NotesDialog defaultOpen contentProps={{ className: 'custom' }} />);
    const dialog = screen.getByRole('dialog', { name: 'Notes' });
    expect(dialog).toHaveAttribute('data-size', 'md');
    await expectConformance(dialog, { slot: 'dialog-content', className: 'custom' });
  });

  it('opens from its trigger, focuses the first field and is described by its description', async () => {
    renderWithProviders(<NotesDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const dialog = screen.getByRole('dialog', { name: 'Notes' });
    expect(dialog).toHaveAccessibleDescription('Saved with the call.');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
  });

  it('closes with Escape and gives focus back to the trigger', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<NotesDialog onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Add note' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('has a translated close button that closes it', async () => {
    renderWithProviders(<NotesDialog defaultOpen />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on a click on the overlay', async () => {
    renderWithProviders(<NotesDialog defaultOpen />);
    const overlay = document.querySelector('[data-slot="dialog-overlay"]');
    expect(overlay).not.toBeNull();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(overlay as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('can leave the close button out', () => {
    renderWithProviders(<NotesDialog defaultOpen contentProps={{ showCloseButton: false }} />);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('keeps Tab inside while open', async () => {
    renderWithProviders(<NotesDialog defaultOpen />);
    const names: string[] = [];
    for (let step = 0; step < 4; step += 1) {
      await userEvent.tab();
      names.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    }
    expect(names).toEqual(['Cancel', 'Close', 'Note', 'Cancel']);
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    // The page behind a modal is hidden from assistive technology, so the query must include hidden nodes.
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('open');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status')).toHaveTextContent('closed');
  });

  it('stays closed when controlled closed, whatever the trigger does', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(
      <Dialog open={false} onOpenChange={onOpenChange}>
        <DialogTrigger asChild>
          <Button>Open</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Never</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('passes the writing direction to the portalled content', () => {
    renderWithProviders(<NotesDialog defaultOpen contentProps={{ size: 'lg' }} />, { locale: 'ar-EG' });
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('dir', 'rtl');
    expect(dialog).toHaveAttribute('data-size', 'lg');
  });

  it('gives focus back to the row button that opened it from state', async () => {
    renderWithProviders(<RowsOpeningDialog />);
    const opener = screen.getByRole('button', { name: 'Notes for Row 2' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Notes of Row 2' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    // Closed with the mouse, the same.
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("gives focus back to a menu's button when one of its items opened it", async () => {
    renderWithProviders(<RowsOpeningDialog />);
    const actions = screen.getByRole('button', { name: 'Actions' });
    await userEvent.click(actions);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Play' }));
    expect(await screen.findByRole('dialog', { name: 'Notes of menu' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(actions).toHaveFocus());
  });

  it("gives focus back to the first step's opener when a flow's second step closes", async () => {
    renderWithProviders(<TwoSteps />);
    const opener = screen.getByRole('button', { name: 'Follow up' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Welcome video' }));
    const second = await screen.findByRole('dialog', { name: 'Send' });
    // The first step closing does not pull focus out of the second.
    await waitFor(() => expect(second.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
