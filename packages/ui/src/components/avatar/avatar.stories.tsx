import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../tag/tag';
import { Avatar, AvatarFallback, AvatarImage } from './avatar';

/** A local portrait (no network in stories): a drawn head and shoulders on a brand background. */
const portrait = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#ffbb96"/><circle cx="32" cy="24" r="12" fill="#871400"/><path d="M10 64c2-14 11-22 22-22s20 8 22 22z" fill="#871400"/></svg>',
)}`;

const meta = {
  title: 'Media/Avatar',
  component: Avatar,
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'xl'] },
    shape: { control: 'inline-radio', options: ['circle', 'square'] },
  },
  args: { size: 'lg' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {
  render: (args) => (
    <Avatar {...args}>
      <AvatarImage src={portrait} alt="Ada Lovelace" />
      <AvatarFallback name="Ada Lovelace" />
    </Avatar>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: 'Ada Lovelace' })).toBeInTheDocument();
  },
};

export const Initials: Story = {
  render: (args) => (
    <Avatar {...args}>
      <AvatarFallback name="Ada Lovelace" />
    </Avatar>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('AL')).toBeInTheDocument();
    await expect(canvas.getByText('Ada Lovelace')).toHaveClass('sr-only');
  },
};

/** A broken picture falls back to the initials. */
export const BrokenImage: Story = {
  render: (args) => (
    <Avatar {...args}>
      <AvatarImage src="data:image/png;base64,broken" alt="Grace Hopper" />
      <AvatarFallback name="Grace Hopper" />
    </Avatar>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('GH')).toBeInTheDocument();
  },
};

export const Icon: Story = {
  render: (args) => (
    <Avatar {...args}>
      <AvatarFallback />
    </Avatar>
  ),
};

export const Square: Story = {
  args: { shape: 'square' },
  render: (args) => (
    <Avatar {...args}>
      <AvatarFallback name="Support Team" />
    </Avatar>
  ),
};

export const WithBadge: Story = {
  render: (args) => (
    <Badge dot variant="success" label="Online">
      <Avatar {...args}>
        <AvatarFallback name="Ada Lovelace" />
      </Avatar>
    </Badge>
  ),
};

/** Every size in both shapes, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(4,max-content)] items-center gap-4">
      {(['circle', 'square'] as const).map((shape) =>
        (['sm', 'md', 'lg', 'xl'] as const).map((size) => (
          <Avatar key={`${shape}-${size}`} size={size} shape={shape}>
            <AvatarImage src={portrait} alt="Ada Lovelace" />
            <AvatarFallback name="Ada Lovelace" />
          </Avatar>
        )),
      )}
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Avatar key={`initials-${size}`} size={size}>
          <AvatarFallback name="محمد علي" />
        </Avatar>
      ))}
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Avatar key={`icon-${size}`} size={size}>
          <AvatarFallback />
        </Avatar>
      ))}
    </div>
  ),
};
