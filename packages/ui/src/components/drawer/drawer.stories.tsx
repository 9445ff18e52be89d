import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentProps, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Input } from '../input/input';
import { Label } from '../label/label';
import {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  type DrawerSide,
  DrawerTitle,
  DrawerTrigger,
} from './drawer';

const meta = {
  title: 'Overlays/Drawer',
  component: Drawer,
  args: { onOpenChange: fn() },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The call-history filters in a side sheet. */
function FiltersDrawer({ side, ...rootProps }: ComponentProps<typeof Drawer> & { side?: DrawerSide }) {
  return (
    <Drawer {...rootProps}>
      <DrawerTrigger asChild>
        <Button variant="outline">Filters</Button>
      </DrawerTrigger>
      <DrawerContent side={side}>
        <DrawerHeader>
          <DrawerTitle>Filters</DrawerTitle>
          <DrawerDescription>Narrow the call history.</DrawerDescription>
        </DrawerHeader>
        <DrawerBody className="grid content-start gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`caller-name-${side ?? 'end'}`}>Caller Name</Label>
            <Input id={`caller-name-${side ?? 'end'}`} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`received-by-${side ?? 'end'}`}>Received By</Label>
            <Input id={`received-by-${side ?? 'end'}`} />
          </div>
        </DrawerBody>
        <DrawerFooter>
          <DrawerClose asChild>
            <Button variant="outline">Reset</Button>
          </DrawerClose>
          <DrawerClose asChild>
            <Button>Search</Button>
          </DrawerClose>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  );
}

/** Waits for the slide-in to end, then checks which physical edge the panel sits on. */
async function expectOnEdge(panel: HTMLElement, edge: 'left' | 'right' | 'top' | 'bottom') {
  const view = panel.ownerDocument.defaultView as Window;
  await waitFor(() => {
    const box = panel.getBoundingClientRect();
    const gap = {
      left: box.left,
      right: view.innerWidth - box.right,
      top: box.top,
      bottom: view.innerHeight - box.bottom,
    }[edge];
    expect(Math.abs(gap)).toBeLessThan(1);
  });
}

function isRightToLeft(element: HTMLElement) {
  return element.ownerDocument.documentElement.dir === 'rtl';
}

/** `end` is the default side: on the right in left-to-right layouts, on the left in right-to-left ones. */
export const End: Story = {
  render: (args) => <FiltersDrawer {...args} />,
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Filters' });
    await userEvent.click(trigger);
    const drawer = await page.findByRole('dialog', { name: 'Filters' });
    await expect(drawer).toHaveAccessibleDescription('Narrow the call history.');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await expectOnEdge(drawer, isRightToLeft(canvasElement) ? 'left' : 'right');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Start: Story = {
  args: { defaultOpen: true },
  render: (args) => <FiltersDrawer side="start" {...args} />,
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Filters' });
    await expectOnEdge(drawer, isRightToLeft(canvasElement) ? 'right' : 'left');
  },
};

export const Top: Story = {
  args: { defaultOpen: true },
  render: (args) => <FiltersDrawer side="top" {...args} />,
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Filters' });
    await expectOnEdge(drawer, 'top');
  },
};

export const Bottom: Story = {
  args: { defaultOpen: true },
  render: (args) => <FiltersDrawer side="bottom" {...args} />,
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Filters' });
    await expectOnEdge(drawer, 'bottom');
  },
};

/** In Arabic the `end` side is the left edge, and the close button sits at the top left. */
export const RightToLeft: Story = {
  args: { defaultOpen: true },
  globals: { dir: 'rtl' },
  render: (args) => <FiltersDrawer {...args} />,
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Filters' });
    await expect(drawer).toHaveAttribute('dir', 'rtl');
    await expectOnEdge(drawer, 'left');
  },
};

function ControlledDrawer(props: ComponentProps<typeof Drawer>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className="mb-2 text-sm">Drawer is {open ? 'open' : 'closed'}</p>
      <FiltersDrawer
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
  render: (args) => <ControlledDrawer {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Filters' }));
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Filters' });
    await expect(canvas.getByText('Drawer is open')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await expect(canvas.getByText('Drawer is closed')).toBeInTheDocument();
  },
};
