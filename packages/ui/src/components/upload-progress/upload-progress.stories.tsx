import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UploadProgress } from './upload-progress';

const MB = 1024 * 1024;

const meta = {
  title: 'Feedback/UploadProgress',
  component: UploadProgress,
  args: {
    name: 'Welcome to Parley',
    sentBytes: 12 * MB,
    totalBytes: 80 * MB,
    secondsLeft: 95,
    onCancel: fn(),
    onRetry: fn(),
  },
  argTypes: {
    status: { control: 'inline-radio', options: ['uploading', 'success', 'error'] },
  },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UploadProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Bytes sent of the total, time left, and Cancel. */
export const Uploading: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('progressbar', { name: 'Welcome to Parley' });
    await expect(bar).toHaveAttribute('aria-valuenow', '15');
    await expect(bar).toHaveAccessibleDescription('12 MB of 80 MB · 2 minutes left');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** Before the rate is known. */
export const Estimating: Story = {
  args: { sentBytes: 0, secondsLeft: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAccessibleDescription(
      '0 byte of 80 MB · Estimating time left…',
    );
  },
};

export const SecondsLeft: Story = { args: { sentBytes: 78 * MB, secondsLeft: 4.2 } };

export const Cancelling: Story = {
  args: { cancelling: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Success: Story = {
  args: { status: 'success', sentBytes: 80 * MB },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('data-status', 'success');
    await expect(canvas.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('Uploaded');
  },
};

/** A failure with its reason, and Retry. */
export const ErrorStatus: Story = {
  name: 'Error',
  args: { status: 'error', errorText: 'The connection dropped.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar')).toHaveAccessibleDescription('The connection dropped.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Without a Cancel handler there is no button. */
export const WithoutCancel: Story = { args: { onCancel: undefined } };

function gridRender() {
  return (
    <div className="grid gap-6">
      <UploadProgress name="Uploading" sentBytes={12 * MB} totalBytes={80 * MB} secondsLeft={95} onCancel={() => {}} />
      <UploadProgress name="Estimating" sentBytes={0} totalBytes={80 * MB} secondsLeft={null} onCancel={() => {}} />
      <UploadProgress
        name="Cancelling"
        sentBytes={40 * MB}
        totalBytes={80 * MB}
        secondsLeft={20}
        cancelling
        onCancel={() => {}}
      />
      <UploadProgress name="Done" status="success" sentBytes={80 * MB} totalBytes={80 * MB} />
      <UploadProgress name="Failed" status="error" sentBytes={30 * MB} totalBytes={80 * MB} onRetry={() => {}} />
    </div>
  );
}

/** Every state, for visual regression. */
export const Grid: Story = {
  render: gridRender,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('progressbar')).toHaveLength(5);
  },
};
export const GridDark: Story = { render: gridRender, globals: { theme: 'dark' } };
export const GridRightToLeft: Story = { render: gridRender, globals: { dir: 'rtl' } };
export const Arabic: Story = { globals: { locale: 'ar-EG' } };
