import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell, CircleAlert, CircleCheck, Clock, Info, Mail } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Badge, Tag } from './tag';

const meta = {
  title: 'Data/Tag',
  component: Tag,
  args: { children: 'Follow up', onClose: fn(), onOpenChange: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['default', 'primary', 'success', 'warning', 'error', 'info'] },
    appearance: { control: 'inline-radio', options: ['subtle', 'outline', 'solid'] },
  },
} satisfies Meta<typeof Tag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Primary: Story = { args: { variant: 'primary', children: 'New' } };
export const Success: Story = {
  args: { variant: 'success', icon: <CircleCheck aria-hidden />, children: 'Answered' },
};
export const Warning: Story = { args: { variant: 'warning', icon: <Clock aria-hidden />, children: 'On hold' } };
export const ErrorTag: Story = {
  name: 'Error',
  args: { variant: 'error', icon: <CircleAlert aria-hidden />, children: 'Missed' },
};
export const InfoTag: Story = {
  name: 'Info',
  args: { variant: 'info', icon: <Info aria-hidden />, children: 'Message' },
};
export const Outline: Story = { args: { variant: 'primary', appearance: 'outline', children: 'Outline' } };
export const Solid: Story = { args: { variant: 'success', appearance: 'solid', children: 'Solid' } };

export const Closable: Story = {
  args: { closable: true, children: 'Urgent' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Urgent' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(canvas.queryByText('Urgent')).toBeNull();
  },
};

/** Badges carry a count or a dot on another element, or stand in a line of text. */
export const Badges: Story = {
  render: () => (
    <div className="flex items-center gap-8">
      <Badge count={12} label="12 unread notices">
        <Button variant="outline" size="icon" aria-label="Notices">
          <Bell aria-hidden />
        </Button>
      </Badge>
      <Badge count={150} max={99}>
        <Button variant="outline" size="icon" aria-label="Messages">
          <Mail aria-hidden />
        </Button>
      </Badge>
      <Badge dot label="New events">
        <Button variant="outline" size="icon" aria-label="Events">
          <Clock aria-hidden />
        </Button>
      </Badge>
      <span className="inline-flex items-center gap-2 text-sm">
        Unread <Badge count={11} variant="primary" />
      </span>
      <Badge count={0} showZero variant="default" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('99+')).toBeInTheDocument();
    await expect(canvas.getByText('New events')).toBeInTheDocument();
  },
};

/** Every variant in every appearance, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(6,max-content)] items-center gap-3">
      {(['subtle', 'outline', 'solid'] as const).map((appearance) =>
        (['default', 'primary', 'success', 'warning', 'error', 'info'] as const).map((variant) => (
          <Tag key={`${appearance}-${variant}`} variant={variant} appearance={appearance} closable>
            {variant}
          </Tag>
        )),
      )}
    </div>
  ),
};
