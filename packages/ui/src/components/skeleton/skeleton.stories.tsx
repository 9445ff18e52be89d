import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton, SkeletonAvatar, SkeletonGroup, SkeletonText } from './skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { className: 'h-24 w-64' },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Block: Story = {
  play: async ({ canvasElement }) => {
    const block = canvasElement.querySelector('[data-slot="skeleton"]');
    await expect(block).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Text: Story = {
  render: () => (
    <div className="max-w-sm">
      <SkeletonText lines={4} />
    </div>
  ),
};

export const Avatar: Story = {
  render: () => (
    <div className="flex items-center gap-3">
      <SkeletonAvatar size="sm" />
      <SkeletonAvatar size="md" />
      <SkeletonAvatar size="lg" />
      <SkeletonAvatar size="xl" />
      <SkeletonAvatar size="lg" shape="square" />
    </div>
  ),
};

/** A loading list item: the container announces loading once; the shapes stay silent. */
export const Group: Story = {
  render: () => (
    <SkeletonGroup label="Loading contact" className="flex max-w-md items-start gap-4">
      <SkeletonAvatar size="lg" />
      <div className="flex flex-1 flex-col gap-3">
        <Skeleton className="h-5 w-1/3" />
        <SkeletonText lines={3} />
      </div>
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading contact');
    await expect(status).toHaveAttribute('aria-busy', 'true');
  },
};

/** Every shape together, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid max-w-xl grid-cols-2 gap-6">
      <Skeleton className="h-24" />
      <SkeletonText lines={1} />
      <SkeletonText lines={3} />
      <div className="flex gap-2">
        <SkeletonAvatar />
        <SkeletonAvatar shape="square" />
      </div>
    </div>
  ),
};
