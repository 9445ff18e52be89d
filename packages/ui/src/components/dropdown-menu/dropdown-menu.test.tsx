import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
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

function AccountMenu({ onSelect = () => {}, className }: { onSelect?: (item: string) => void; className?: string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>Account</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className={className}>
        <DropdownMenuLabel>Signed in</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onSelect('center')}>Center</DropdownMenuItem>
        <DropdownMenuItem disabled onSelect={() => onSelect('error')}>
          Trigger Error
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onSelect('settings')} aria-keyshortcuts="Control+Comma">
          Settings
          <DropdownMenuShortcut aria-hidden>Ctrl+,</DropdownMenuShortcut>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onSelect('logout')}>
          Logout
        </DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>Export</DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem onSelect={() => onSelect('csv')}>CSV</DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Columns() {
  const [notes, setNotes] = useState(false);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>Columns</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuCheckboxItem checked={notes} onCheckedChange={setNotes}>
          Notes
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <output>{open ? 'open' : 'closed'}</output>
      <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
        <DropdownMenuTrigger asChild>
          <Button>Menu</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>One</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

describe('DropdownMenu', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<AccountMenu className="custom" />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await expectConformance(screen.getByRole('menu'), { slot: 'dropdown-menu-content', className: 'custom' });
  });

  it('opens from the keyboard, skips disabled items and selects with Enter', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<AccountMenu onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Center' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('settings');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(trigger).toHaveFocus();
  });

  it('selects with a click and ignores disabled items', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<AccountMenu onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menuitem', { name: 'Trigger Error' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onSelect).toHaveBeenCalledWith('logout');
    expect(onSelect).not.toHaveBeenCalledWith('error');
  });

  it('marks the destructive item', async () => {
    renderWithProviders(<AccountMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('menuitem', { name: 'Center' })).toHaveAttribute('data-variant', 'default');
  });

  it('opens a submenu with ArrowRight in left-to-right layouts', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<AccountMenu onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    screen.getByRole('menuitem', { name: 'Export' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'CSV' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('csv');
  });

  it('opens a submenu with ArrowLeft in right-to-left layouts, and passes dir to both portals', async () => {
    renderWithProviders(<AccountMenu />, { locale: 'ar-EG' });
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menu')).toHaveAttribute('dir', 'rtl');
    screen.getByRole('menuitem', { name: 'Export' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.queryByRole('menuitem', { name: 'CSV' })).toBeNull();
    await userEvent.keyboard('{ArrowLeft}');
    const csv = await screen.findByRole('menuitem', { name: 'CSV' });
    expect(csv.closest('[data-slot="dropdown-menu-sub-content"]')).toHaveAttribute('dir', 'rtl');
  });

  it('toggles checkbox items', async () => {
    renderWithProviders(<Columns />);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Notes' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Notes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Notes' })).toHaveAttribute('aria-checked', 'true');
  });

  it('picks one radio item', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger>Page size</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuRadioGroup value="10" onValueChange={onValueChange}>
            <DropdownMenuRadioItem value="10">10</DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="20">20</DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    expect(screen.getByRole('menuitemradio', { name: '10' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: '20' }));
    expect(onValueChange).toHaveBeenCalledWith('20');
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('status')).toHaveTextContent('open');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('status')).toHaveTextContent('closed');
  });
});
