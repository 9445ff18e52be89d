import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentProps, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { Input } from '../input/input';
import { Label } from '../label/label';
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

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: { onOpenChange: fn() },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The notes modal of the call history (SPEC §2.4). */
function NotesDialog({ size, ...rootProps }: ComponentProps<typeof Dialog> & { size?: DialogContentProps['size'] }) {
  return (
    <Dialog {...rootProps}>
      <DialogTrigger asChild>
        <Button variant="outline">Add note</Button>
      </DialogTrigger>
      <DialogContent size={size}>
        <DialogHeader>
          <DialogTitle>Notes</DialogTitle>
          <DialogDescription>The note is saved with the call record.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="dialog-note">Note</Label>
          <Input id="dialog-note" defaultValue="" />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Save</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const Default: Story = {
  render: (args) => <NotesDialog {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Add note' });
    await userEvent.click(trigger);
    const dialog = await page.findByRole('dialog', { name: 'Notes' });
    await expect(dialog).toHaveAccessibleDescription('The note is saved with the call record.');
    await expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveFocus();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  render: (args) => <NotesDialog {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Notes' });
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  },
};

/** The translated close button in the corner closes the dialog and reports it. */
export const CloseButton: Story = {
  args: { defaultOpen: true },
  render: (args) => <NotesDialog {...args} />,
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: 'Notes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const Small: Story = { args: { defaultOpen: true }, render: (args) => <NotesDialog size="sm" {...args} /> };

export const Large: Story = { args: { defaultOpen: true }, render: (args) => <NotesDialog size="lg" {...args} /> };

/** The recipient details form for sending a video message (SPEC §2.4). */
export const WithForm: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog {...args}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Recipient details</DialogTitle>
          <DialogDescription>We send the video message to this person.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => event.preventDefault()}>
          <div className="grid gap-2">
            <Label htmlFor="recipient-email" required>
              E-mail
            </Label>
            <Input id="recipient-email" type="email" required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="recipient-phone" required>
              Phone
            </Label>
            <Input id="recipient-phone" type="tel" required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="recipient-message" required>
              Message
            </Label>
            <Input id="recipient-message" required />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">Send</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  ),
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Recipient details' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
  },
};

function ControlledDialog(props: ComponentProps<typeof Dialog>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className="mb-2 text-sm">Dialog is {open ? 'open' : 'closed'}</p>
      <NotesDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange?.(next);
        }}
      />
    </>
  );
}

export const Controlled: Story = {
  render: (args) => <ControlledDialog {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add note' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Notes' });
    await expect(canvas.getByText('Dialog is open')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(canvas.getByText('Dialog is closed')).toBeInTheDocument();
  },
};

/** Without the corner close button, for flows that must end with an explicit choice. */
export const WithoutCloseButton: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog {...args}>
      <DialogContent showCloseButton={false} size="sm">
        <DialogHeader>
          <DialogTitle>Session expired</DialogTitle>
          <DialogDescription>Please sign in again to continue.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Sign in</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Session expired' });
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  },
};

/** A library card's menu that opens a dialog from state, as the library's Play and Rename do. */
function MenuOpensDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">Actions for Welcome video (EN)</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => setOpen(true)}>Play</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Welcome video (EN)</DialogTitle>
            <DialogDescription>By Nora Ali</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Done</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * Opened from a menu item: closing gives focus back to the menu's button. After the mouse no focus
 * ring shows (neither on the dialog's first button nor back on the menu's); after the keyboard it does.
 */
export const OpenedFromMenu: Story = {
  render: () => <MenuOpensDialog />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const actions = canvas.getByRole('button', { name: 'Actions for Welcome video (EN)' });
    // With the mouse.
    await userEvent.click(actions);
    await userEvent.click(await body.findByRole('menuitem', { name: 'Play' }));
    const dialog = await body.findByRole('dialog', { name: 'Welcome video (EN)' });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    await waitFor(() => expect(done).toHaveFocus());
    await expect(done.matches(':focus-visible')).toBe(false);
    await userEvent.click(done);
    await waitFor(() => expect(actions).toHaveFocus());
    await expect(actions.matches(':focus-visible')).toBe(false);
    // With the keyboard: the rings show.
    await userEvent.keyboard('{Enter}');
    await body.findByRole('menu');
    await userEvent.keyboard('{Enter}');
    const again = await body.findByRole('dialog', { name: 'Welcome video (EN)' });
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Done' })).toHaveFocus());
    await expect(within(again).getByRole('button', { name: 'Done' }).matches(':focus-visible')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(actions).toHaveFocus());
    await expect(actions.matches(':focus-visible')).toBe(true);
  },
};
