import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { ConfirmDialog } from './confirm-dialog';

function deferred() {
  let resolve: () => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

const trigger = <Button>Delete</Button>;

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <ConfirmDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<ConfirmDialog defaultOpen className="custom" />);
    await expectConformance(screen.getByRole('alertdialog'), { slot: 'confirm-dialog', className: 'custom' });
  });

  it('asks the translated delete question with OK and Cancel by default', () => {
    renderWithProviders(<ConfirmDialog defaultOpen />);
    expect(screen.getByRole('alertdialog', { name: 'Do you want to delete current record?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('takes its own title, description and labels', () => {
    renderWithProviders(
      <ConfirmDialog
        defaultOpen
        title="Remove rule?"
        description="It stops running."
        okText="Remove"
        cancelText="Keep"
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove rule?' });
    expect(dialog).toHaveAccessibleDescription('It stops running.');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
  });

  it('focuses Cancel on open and gives focus back to the trigger on close', async () => {
    const onCancel = vi.fn();
    renderWithProviders(<ConfirmDialog trigger={trigger} onCancel={onCancel} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(opener).toHaveFocus();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('closes after a synchronous confirmation', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderWithProviders(<ConfirmDialog trigger={trigger} onConfirm={onConfirm} onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('shows OK busy until the promise resolves, then closes', async () => {
    const work = deferred();
    renderWithProviders(<ConfirmDialog defaultOpen onConfirm={() => work.promise} />);
    const ok = screen.getByRole('button', { name: 'OK' });
    await userEvent.click(ok);
    expect(ok).toHaveAttribute('aria-busy', 'true');
    expect(ok).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => work.resolve());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open, with OK focused and usable again, when the promise rejects', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('Request error, please retry.')));
    const onOpenChange = vi.fn();
    renderWithProviders(<ConfirmDialog defaultOpen onConfirm={onConfirm} onOpenChange={onOpenChange} />);
    const ok = screen.getByRole('button', { name: 'OK' });
    await userEvent.click(ok);
    await waitFor(() => expect(ok).not.toHaveAttribute('aria-busy'));
    expect(ok).toBeEnabled();
    expect(ok).toHaveFocus();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await userEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('ignores Escape and a second OK while the action runs', async () => {
    const work = deferred();
    const onConfirm = vi.fn(() => work.promise);
    renderWithProviders(<ConfirmDialog defaultOpen onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await act(async () => work.resolve());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('paints OK as destructive in the destructive variant', () => {
    renderWithProviders(<ConfirmDialog defaultOpen variant="destructive" />);
    expect(screen.getByRole('alertdialog')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveAttribute('data-variant', 'destructive');
  });

  it('does not close on a click outside', async () => {
    renderWithProviders(<ConfirmDialog defaultOpen />);
    const overlay = document.querySelector('[data-slot="confirm-dialog-overlay"]');
    expect(overlay).not.toBeNull();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(overlay as Element);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('passes the writing direction to the portalled content', () => {
    renderWithProviders(<ConfirmDialog defaultOpen />, { locale: 'ar-EG' });
    expect(screen.getByRole('alertdialog')).toHaveAttribute('dir', 'rtl');
  });
});
