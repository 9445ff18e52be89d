import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { UpdatePrompt } from './update-prompt';

const meta = {
  title: 'Feedback/UpdatePrompt',
  component: UpdatePrompt,
  args: { onRefresh: fn(), onOpenChange: fn(), defaultOpen: true },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="min-h-64">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UpdatePrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'New content is available' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

export const Dismiss: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(canvas.queryByRole('region', { name: 'New content is available' })).toBeNull();
  },
};

/** While the waiting worker activates, the button stays busy. */
export const Refreshing: Story = {
  args: { onRefresh: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Refresh' })).toHaveAttribute('aria-busy', 'true'));
  },
};

export const NotDismissible: Story = { args: { dismissible: false } };

export const Closed: Story = {
  args: { defaultOpen: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeEmptyDOMElement();
  },
};

export const CustomText: Story = {
  args: { title: 'Parley was updated', description: 'Reload to get the new call history filters.' },
};

/** Controlled: the app opens the prompt when its service worker reports a waiting update. */
export const Controlled: Story = {
  args: { defaultOpen: false },
  render: (args) => {
    const [open, setOpen] = useState(false);
    return (
      <div className="p-6">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Simulate an update
        </Button>
        <UpdatePrompt {...args} open={open} onOpenChange={setOpen} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region', { name: 'New content is available' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Simulate an update' }));
    await expect(canvas.getByRole('region', { name: 'New content is available' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('region', { name: 'New content is available' })).toBeNull();
  },
};
