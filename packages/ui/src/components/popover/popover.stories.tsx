import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentProps, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Input } from '../input/input';
import { Label } from '../label/label';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover';

const meta = {
  title: 'Overlays/Popover',
  component: Popover,
  args: { onOpenChange: fn() },
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

function HoldTimePopover(props: ComponentProps<typeof Popover>) {
  return (
    <Popover {...props}>
      <PopoverTrigger asChild>
        <Button variant="outline">Hold time</Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby="hold-time-title" align="start">
        <div className="grid gap-3">
          <h2 id="hold-time-title" className="font-medium">
            Hold time in seconds
          </h2>
          <div className="grid gap-2">
            <Label htmlFor="hold-time-min">Min</Label>
            <Input id="hold-time-min" inputMode="numeric" />
          </div>
          <div className="flex justify-end gap-2">
            <PopoverClose asChild>
              <Button size="sm" variant="outline">
                Reset
              </Button>
            </PopoverClose>
            <PopoverClose asChild>
              <Button size="sm">Search</Button>
            </PopoverClose>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}

export const Default: Story = {
  render: (args) => <HoldTimePopover {...args} />,
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Hold time' });
    await userEvent.click(trigger);
    const popover = await page.findByRole('dialog', { name: 'Hold time in seconds' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.type(within(popover).getByRole('textbox', { name: 'Min' }), '30');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <div className="h-64">
      <HoldTimePopover {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const popover = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Hold time in seconds',
    });
    // Radix keeps the panel transparent until it has measured where to put it.
    await waitFor(() => expect(popover).toBeVisible());
  },
};

function ControlledPopover(props: ComponentProps<typeof Popover>) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex h-64 items-start gap-3">
      <HoldTimePopover
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange?.(next);
        }}
      />
      <span className="text-sm">Popover is {open ? 'open' : 'closed'}</span>
    </div>
  );
}

export const Controlled: Story = {
  render: (args) => <ControlledPopover {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Hold time' }));
    const popover = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(canvas.getByText('Popover is open')).toBeInTheDocument();
    await userEvent.click(within(popover).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(canvas.getByText('Popover is closed')).toBeInTheDocument());
  },
};

/** In Arabic the content reads right to left and `align="start"` lines it up with the trigger's right edge. */
export const RightToLeft: Story = {
  args: { defaultOpen: true },
  globals: { dir: 'rtl' },
  render: (args) => (
    <div className="flex h-64 justify-center">
      <HoldTimePopover {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const popover = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(popover).toHaveAttribute('dir', 'rtl');
    const trigger = within(canvasElement).getByRole('button', { name: 'Hold time', hidden: true });
    await waitFor(() =>
      expect(Math.abs(popover.getBoundingClientRect().right - trigger.getBoundingClientRect().right)).toBeLessThan(1),
    );
  },
};
