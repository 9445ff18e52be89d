import type { Meta, StoryObj } from '@storybook/react-vite';
import { Download, LogOut, MoreHorizontal, Settings, Trash2, User } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from './dropdown-menu';

const meta = {
  title: 'Overlays/DropdownMenu',
  component: DropdownMenu,
  args: { onOpenChange: fn() },
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const onAccountSelect = fn();

/** The account menu of the header (SPEC §2.6). */
export const Default: Story = {
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" icon={<User aria-hidden />}>
          Account
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-52">
        <DropdownMenuLabel>Ada Lovelace</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => onAccountSelect('center')}>
            <User aria-hidden />
            Center
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAccountSelect('settings')} aria-keyshortcuts="Control+Comma">
            <Settings aria-hidden />
            Settings
            <DropdownMenuShortcut aria-hidden>Ctrl+,</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem disabled>Trigger Error</DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onAccountSelect('logout')}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async ({ canvasElement, args }) => {
    onAccountSelect.mockClear();
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Account' });
    await userEvent.click(trigger);
    const menu = await page.findByRole('menu');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await expect(within(menu).getByRole('menuitem', { name: 'Trigger Error' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onAccountSelect).toHaveBeenCalledWith('settings');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Icon-only row actions of a table, with a destructive item. */
export const RowActions: Story = {
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="More actions">
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem>
          <Download aria-hidden />
          Download recording
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive">
          <Trash2 aria-hidden />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More actions' }));
    const page = within(canvasElement.ownerDocument.body);
    const menu = await page.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('data-variant', 'destructive');
    // A modal menu hides the rest of the page; close it so the page is checked as a person finds it again.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
  },
};

function ColumnsMenu() {
  const [visible, setVisible] = useState({ holdTime: true, duration: true, notes: false });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Columns</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-48">
        <DropdownMenuLabel>Visible columns</DropdownMenuLabel>
        <DropdownMenuCheckboxItem
          checked={visible.holdTime}
          onCheckedChange={(checked) => setVisible((state) => ({ ...state, holdTime: checked }))}
        >
          Hold time
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem
          checked={visible.duration}
          onCheckedChange={(checked) => setVisible((state) => ({ ...state, duration: checked }))}
        >
          Duration
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem
          checked={visible.notes}
          onCheckedChange={(checked) => setVisible((state) => ({ ...state, notes: checked }))}
        >
          Notes
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const CheckboxItems: Story = {
  render: () => <ColumnsMenu />,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Columns' });
    await userEvent.click(trigger);
    const notes = await page.findByRole('menuitemcheckbox', { name: 'Notes' });
    await expect(notes).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(notes);
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
    await userEvent.click(trigger);
    await expect(await page.findByRole('menuitemcheckbox', { name: 'Notes' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
  },
};

function PageSizeMenu() {
  const [pageSize, setPageSize] = useState('10');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">{pageSize} / page</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Page Size</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={pageSize} onValueChange={setPageSize}>
          {['10', '20', '50', '100'].map((size) => (
            <DropdownMenuRadioItem key={size} value={size}>
              {size} / page
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const RadioItems: Story = {
  render: () => <PageSizeMenu />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '10 / page' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('menuitemradio', { name: '10 / page' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(page.getByRole('menuitemradio', { name: '20 / page' }));
    await expect(await canvas.findByRole('button', { name: '20 / page' })).toBeInTheDocument();
  },
};

const onExport = fn();

function ExportMenu(props: ComponentProps<typeof DropdownMenu>) {
  return (
    <DropdownMenu {...props}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Actions</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-48">
        <DropdownMenuItem>Refresh</DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Download aria-hidden />
            Export
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem onSelect={() => onExport('csv')}>CSV</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onExport('xlsx')}>Excel</DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A submenu opens with the arrow key that points to the end side: → in LTR, ← in RTL. */
export const Submenu: Story = {
  render: (args) => <ExportMenu {...args} />,
  play: async ({ canvasElement }) => {
    onExport.mockClear();
    const page = within(canvasElement.ownerDocument.body);
    const rtl = canvasElement.ownerDocument.documentElement.dir === 'rtl';
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions' }));
    await page.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(page.getByRole('menuitem', { name: 'Export' })).toHaveFocus();
    await userEvent.keyboard(rtl ? '{ArrowLeft}' : '{ArrowRight}');
    const csv = await page.findByRole('menuitem', { name: 'CSV' });
    await waitFor(() => expect(csv).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(onExport).toHaveBeenCalledWith('csv');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
  },
};

/** Right to left: the submenu opens to the left, its chevron points left, and ← opens it. */
export const SubmenuRightToLeft: Story = {
  ...Submenu,
  globals: { dir: 'rtl' },
  play: async (context) => {
    const { canvasElement } = context;
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions' }));
    const menu = await page.findByRole('menu');
    await expect(menu).toHaveAttribute('dir', 'rtl');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    const csv = await page.findByRole('menuitem', { name: 'CSV' });
    const submenu = csv.closest('[role="menu"]') as HTMLElement;
    await expect(submenu).toHaveAttribute('dir', 'rtl');
    const exportItem = page.getByRole('menuitem', { name: 'Export' });
    await waitFor(() =>
      expect(submenu.getBoundingClientRect().right).toBeLessThanOrEqual(exportItem.getBoundingClientRect().left + 8),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('menuitem', { name: 'CSV' })).toBeNull());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
  },
};

export const Open: Story = {
  args: { defaultOpen: true, modal: false },
  render: (args) => (
    <div className="h-72">
      <DropdownMenu {...args}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">Options</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-56">
          <DropdownMenuLabel>Recording</DropdownMenuLabel>
          <DropdownMenuItem>
            Play
            <DropdownMenuShortcut aria-hidden>Space</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem inset>Rename</DropdownMenuItem>
          <DropdownMenuCheckboxItem checked>Show captions</DropdownMenuCheckboxItem>
          <DropdownMenuSeparator />
          <DropdownMenuRadioGroup value="normal">
            <DropdownMenuRadioItem value="normal">Normal speed</DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="fast">1.5× speed</DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuSub>
            <DropdownMenuSubTrigger inset>Share</DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuItem>E-mail</DropdownMenuItem>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
          <DropdownMenuItem disabled>Generate recording</DropdownMenuItem>
          <DropdownMenuItem variant="destructive">Delete</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Show captions' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

/** The open menu in right-to-left: indicators on the right, shortcuts and the submenu chevron (pointing left) on the left. */
export const OpenRightToLeft: Story = {
  ...Open,
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await expect(menu).toHaveAttribute('dir', 'rtl');
  },
};

/**
 * After an item is picked, focus goes back to the menu's button: without a ring when picked with
 * the mouse, with one when picked with the keyboard.
 */
export const FocusAfterPick: Story = {
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Follow Up</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem>Needed</DropdownMenuItem>
        <DropdownMenuItem>Done</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Follow Up' });
    await userEvent.click(trigger);
    await userEvent.click(await page.findByRole('menuitem', { name: 'Done' }));
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger.matches(':focus-visible')).toBe(false);
    await userEvent.keyboard('{Enter}');
    await page.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger.matches(':focus-visible')).toBe(true);
  },
};
