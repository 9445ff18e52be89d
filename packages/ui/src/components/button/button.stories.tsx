import type { Meta, StoryObj } from '@storybook/react-vite';
import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Inputs/Button',
  component: Button,
  args: { children: 'Save', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'outline', 'ghost', 'link', 'destructive'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'icon'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary' } };
export const Outline: Story = { args: { variant: 'outline' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Link: Story = { args: { variant: 'link' } };
export const Destructive: Story = {
  args: { variant: 'destructive', children: 'Delete', icon: <Trash2 aria-hidden /> },
};

export const WithIcon: Story = { args: { icon: <Plus aria-hidden />, children: 'New' } };

export const IconOnly: Story = {
  args: { size: 'icon', children: <Plus aria-hidden />, 'aria-label': 'New' },
};

/** Directional icons flip in right-to-left layouts. */
export const DirectionalIcon: Story = {
  args: {
    variant: 'outline',
    children: (
      <>
        Next
        <ArrowRight aria-hidden className="rtl:rotate-180" />
      </>
    ),
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Saving' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const AsLink: Story = {
  args: { asChild: true, variant: 'outline', children: <a href="#docs">Read the docs</a> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Read the docs' })).toHaveAttribute(
      'data-slot',
      'button',
    );
  },
};

/** Every variant in every size, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(4,max-content)] items-center gap-3">
      {(['primary', 'secondary', 'outline', 'ghost', 'link', 'destructive'] as const).map((variant) =>
        (['sm', 'md', 'lg'] as const)
          .map((size) => (
            <Button key={`${variant}-${size}`} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))
          .concat(
            <Button key={`${variant}-loading`} variant={variant} loading>
              {variant} loading
            </Button>,
          ),
      )}
    </div>
  ),
};
