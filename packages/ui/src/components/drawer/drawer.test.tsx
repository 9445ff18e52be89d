import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  type DrawerContentProps,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from './drawer';

function FiltersDrawer({
  defaultOpen,
  onOpenChange,
  contentProps,
}: {
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  contentProps?: Partial<DrawerContentProps>;
}) {
  return (
    <Drawer defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DrawerTrigger asChild>
        <Button>Filters</Button>
      </DrawerTrigger>
      <DrawerContent {...contentProps}>
        <DrawerHeader>
          <DrawerTitle>Filters</DrawerTitle>
          <DrawerDescription>Narrow the list.</DrawerDescription>
        </DrawerHeader>
        <DrawerBody>
          <input aria-label="Caller Name" />
        </DrawerBody>
        <DrawerFooter>
          <DrawerClose asChild>
            <Button>Search</Button>
          </DrawerClose>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open filters</Button>
      <output>{open ? 'open' : 'closed'}</output>
      <Drawer open={open} onOpenChange={setOpen}>
        <DrawerContent>
          <DrawerTitle>Filters</DrawerTitle>
          <DrawerDescription>Narrow the list.</DrawerDescription>
        </DrawerContent>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<FiltersDrawer defaultOpen contentProps={{ className: 'custom' }} />);
    await expectConformance(screen.getByRole('dialog', { name: 'Filters' }), {
      slot: 'drawer-content',
      className: 'custom',
    });
  });

  it('opens from its trigger on the end side by default', async () => {
    const onOpenChange = vi.fn();
    renderWithProviders(<FiltersDrawer onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    expect(drawer).toHaveAttribute('data-side', 'end');
    expect(drawer).toHaveAccessibleDescription('Narrow the list.');
    expect(screen.getByRole('textbox', { name: 'Caller Name' })).toHaveFocus();
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });

  it.each(['start', 'end', 'top', 'bottom'] as const)('renders on the %s side', (side) => {
    renderWithProviders(<FiltersDrawer defaultOpen contentProps={{ side }} />);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-side', side);
  });

  it('closes with Escape and gives focus back to the trigger', async () => {
    renderWithProviders(<FiltersDrawer />);
    const trigger = screen.getByRole('button', { name: 'Filters' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
  });

  it('closes from the translated close button and from a footer action', async () => {
    renderWithProviders(<FiltersDrawer defaultOpen />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('can leave the close button out', () => {
    renderWithProviders(<FiltersDrawer defaultOpen contentProps={{ showCloseButton: false }} />);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('closes on a click on the overlay', async () => {
    renderWithProviders(<FiltersDrawer defaultOpen />);
    const overlay = document.querySelector('[data-slot="drawer-overlay"]');
    expect(overlay).not.toBeNull();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(overlay as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Open filters' }));
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('closed');
  });

  it('passes the writing direction to the portalled content', () => {
    renderWithProviders(<FiltersDrawer defaultOpen />, { locale: 'ar-EG' });
    expect(screen.getByRole('dialog')).toHaveAttribute('dir', 'rtl');
  });
});
