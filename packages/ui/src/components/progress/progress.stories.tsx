import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Progress } from './progress';

const meta = {
  title: 'Feedback/Progress',
  component: Progress,
  args: { label: 'Uploading recording.mp4', value: 45, showValue: true },
  argTypes: {
    shape: { control: 'inline-radio', options: ['bar', 'circle'] },
    status: { control: 'inline-radio', options: ['normal', 'success', 'error'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    value: { control: { type: 'range', min: 0, max: 100 } },
  },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Bar: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Uploading recording.mp4' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', '45%');
    await expect(bar).toHaveTextContent('45%');
  },
};

/** An upload with its size and time left. */
export const WithDetail: Story = {
  args: { value: 15, detail: '12 MB of 80 MB · 1 min left' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAccessibleDescription(
      '12 MB of 80 MB · 1 min left',
    );
  },
};

export const Indeterminate: Story = {
  args: { value: null, label: 'Generating recording' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Generating recording' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAttribute('data-state', 'indeterminate');
  },
};

export const Success: Story = {
  args: { value: 100 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('data-status', 'success');
  },
};

export const ErrorStatus: Story = {
  name: 'Error',
  args: { value: 60, status: 'error', detail: 'The upload stopped. Please retry.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '60%, failed');
  },
};

export const WithoutValue: Story = { args: { showValue: false } };

export const Circle: Story = {
  args: { shape: 'circle', value: 75 },
  play: async ({ canvasElement }) => {
    const ring = within(canvasElement).getByRole('progressbar', { name: 'Uploading recording.mp4' });
    await expect(ring).toHaveAttribute('aria-valuenow', '75');
    await expect(ring).toHaveTextContent('75%');
  },
};

export const CircleWithDetail: Story = {
  args: { shape: 'circle', value: 30, detail: '24 MB of 80 MB' },
};

export const CircleIndeterminate: Story = { args: { shape: 'circle', value: null, label: 'Preparing upload' } };

/** Both shapes in every size and status, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid gap-6">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <div key={size} className="grid gap-3">
          <Progress size={size} value={30} showValue label={`Bar ${size} normal`} />
          <Progress size={size} value={100} showValue label={`Bar ${size} success`} />
          <Progress size={size} value={70} status="error" showValue label={`Bar ${size} error`} />
          <Progress size={size} value={null} label={`Bar ${size} indeterminate`} />
          <div className="flex flex-wrap items-start gap-4">
            <Progress shape="circle" size={size} value={30} showValue label={`Circle ${size} normal`} />
            <Progress shape="circle" size={size} value={100} showValue label={`Circle ${size} success`} />
            <Progress shape="circle" size={size} value={70} status="error" showValue label={`Circle ${size} error`} />
          </div>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('progressbar')).toHaveLength(21);
  },
};
