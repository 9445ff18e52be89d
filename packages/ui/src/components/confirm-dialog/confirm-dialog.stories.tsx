import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    onConfirm: fn(),
    onCancel: fn(),
    onOpenChange: fn(),
    trigger: (
      <Button variant="outline" icon={<Trash2 aria-hidden />}>
        Delete
      </Button>
    ),
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['default', 'destructive'] },
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The delete confirmation of the call history (SPEC §2.4, §8). */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    const dialog = await page.findByRole('alertdialog', { name: 'Do you want to delete current record?' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(trigger).toHaveFocus();
  },
};

export const Confirmed: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    const dialog = await page.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const Destructive: Story = {
  args: {
    defaultOpen: true,
    variant: 'destructive',
    title: 'Delete this recording?',
    description: 'The recording and its captions are removed for everyone.',
    okText: 'Delete',
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Delete this recording?',
    });
    await expect(dialog).toHaveAccessibleDescription('The recording and its captions are removed for everyone.');
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('data-variant', 'destructive');
  },
};

/** `onConfirm` returns a promise: OK is busy until it resolves, then the dialog closes. */
export const Loading: Story = {
  args: {
    onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 600))),
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    const dialog = await page.findByRole('alertdialog');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await userEvent.click(ok);
    await expect(ok).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull(), { timeout: 3000 });
  },
};

/** `onConfirm` rejects: the dialog stays open so the person can retry or cancel. */
export const Rejected: Story = {
  args: {
    onConfirm: fn(() => Promise.reject(new Error('Request error, please retry.'))),
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    const dialog = await page.findByRole('alertdialog');
    // The dialog fades in from opacity 0; until its first frame it does not count as visible.
    await waitFor(() => expect(dialog).toBeVisible());
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await userEvent.click(ok);
    await waitFor(() => expect(ok).not.toHaveAttribute('aria-busy'));
    await expect(ok).toHaveFocus();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
  },
};

function ControlledConfirm(args: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(0);
  return (
    <div className="flex items-center gap-3">
      <Button variant="outline" onClick={() => setOpen(true)}>
        Delete record
      </Button>
      <span className="text-sm">Deleted: {deleted}</span>
      <ConfirmDialog
        {...args}
        trigger={undefined}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange?.(next);
        }}
        onConfirm={() => setDeleted((count) => count + 1)}
      />
    </div>
  );
}

export const Controlled: Story = {
  render: (args) => <ControlledConfirm {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Delete record' });
    await userEvent.click(opener);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(canvas.getByText('Deleted: 1')).toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
