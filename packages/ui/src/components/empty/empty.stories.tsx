import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inbox, Plus } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Empty } from './empty';

const meta = {
  title: 'Feedback/Empty',
  component: Empty,
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] } },
} satisfies Meta<typeof Empty>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data')).toBeInTheDocument();
  },
};

export const Small: Story = { args: { size: 'sm' } };

export const CustomDescription: Story = { args: { description: 'No calls match these filters.' } };

export const CustomImage: Story = {
  args: {
    image: <Inbox aria-hidden className="size-12 text-muted-foreground" />,
    description: 'No messages yet.',
  },
};

export const WithoutImage: Story = { args: { image: null } };

const onCreate = fn();

export const WithAction: Story = {
  args: {
    description: 'No contacts yet.',
    children: (
      <Button icon={<Plus aria-hidden />} onClick={onCreate}>
        Add contact
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add contact' }));
    await expect(onCreate).toHaveBeenCalled();
  },
};
