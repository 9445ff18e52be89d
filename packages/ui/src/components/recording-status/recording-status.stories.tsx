import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RecordingStatus, type RecordingStatusValue } from './recording-status';

const NONE_TEXT = 'Recording not generated, click the icon to generate it';
const ERROR_TEXT = 'Recording cannot be generated ,Please contact admin';
const CAUSE_TEXT = 'Recording cannot be generated: ffmpeg is not installed on the server.';

const meta = {
  title: 'Data/RecordingStatus',
  component: RecordingStatus,
  args: { status: 'none', onGenerate: fn(), onPlay: fn(), onRetry: fn() },
  argTypes: {
    status: { control: 'inline-radio', options: ['none', 'generating', 'ready', 'error'] },
    variant: { control: 'inline-radio', options: ['compact', 'labelled'] },
  },
} satisfies Meta<typeof RecordingStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotGenerated: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: NONE_TEXT });
    await userEvent.hover(button);
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent(NONE_TEXT);
    await userEvent.click(button);
    await expect(args.onGenerate).toHaveBeenCalledTimes(1);
  },
};

export const Generating: Story = {
  args: { status: 'generating' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Generating recording…');
  },
};

export const Ready: Story = {
  args: { status: 'ready' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Play recording' }));
    await expect(args.onPlay).toHaveBeenCalledTimes(1);
  },
};

/** SPEC §8's text next to the icon (not only in a tooltip), with Retry. */
export const ErrorState: Story = {
  name: 'Error',
  args: { status: 'error' },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText(ERROR_TEXT)).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Without `onRetry` the error has nothing to press. */
export const ErrorWithoutRetry: Story = {
  args: { status: 'error', onRetry: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(ERROR_TEXT)).toBeVisible();
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/** For an admin, the one a member is told to contact: the cause instead of the advice. */
export const ErrorWithCause: Story = {
  args: { status: 'error', errorText: CAUSE_TEXT, subject: 'Call 42' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(CAUSE_TEXT)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'Retry, Call 42' })).toBeEnabled();
  },
};

export const ErrorDisabled: Story = {
  args: { status: 'error', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { status: 'ready', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Play recording' })).toBeDisabled();
  },
};

export const LabelledNotGenerated: Story = {
  args: { variant: 'labelled' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: NONE_TEXT });
    await expect(button).toHaveTextContent(NONE_TEXT);
    await userEvent.click(button);
    await expect(args.onGenerate).toHaveBeenCalledTimes(1);
  },
};

export const LabelledGenerating: Story = {
  args: { variant: 'labelled', status: 'generating' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Generating recording…')).toBeVisible();
  },
};

export const LabelledReady: Story = {
  args: { variant: 'labelled', status: 'ready' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Play recording' }));
    await expect(args.onPlay).toHaveBeenCalledTimes(1);
  },
};

export const LabelledError: Story = {
  args: { variant: 'labelled', status: 'error' },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText(ERROR_TEXT)).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** In a table: the subject ('Call 42') joins the accessible names, so each row's buttons read apart. */
export const WithSubject: Story = {
  args: { status: 'ready', subject: 'Call 42' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Play recording, Call 42' });
    await userEvent.hover(button);
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Play recording');
    await userEvent.click(button);
    await expect(args.onPlay).toHaveBeenCalledTimes(1);
  },
};

export const WithSubjectNotGenerated: Story = {
  args: { status: 'none', subject: 'Call 42' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: `${NONE_TEXT}, Call 42` }));
    await expect(args.onGenerate).toHaveBeenCalledTimes(1);
  },
};

export const WithSubjectGenerating: Story = {
  args: { status: 'generating', subject: 'Call 42' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Generating recording…, Call 42');
  },
};

export const WithSubjectError: Story = {
  args: { status: 'error', subject: 'Call 42' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(`${ERROR_TEXT}, Call 42`)).toHaveClass('sr-only');
    await expect(within(canvasElement).getByRole('button', { name: 'Retry, Call 42' })).toBeVisible();
  },
};

export const LabelledWithSubject: Story = {
  args: { variant: 'labelled', status: 'ready', subject: 'Call 42' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Play recording, Call 42' });
    await expect(button).toHaveTextContent('Play recording');
  },
};

export const LabelledWithSubjectError: Story = {
  args: { variant: 'labelled', status: 'error', subject: 'Call 42' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(`${ERROR_TEXT}, Call 42`)).toHaveClass('sr-only');
  },
};

/** Arabic: the tooltip reads right to left. */
export const RightToLeft: Story = {
  args: { status: 'none' },
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', {
      name: 'لم يُنشأ التسجيل بعد، انقر على الأيقونة لإنشائه',
    });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await waitFor(() =>
      expect(tooltip.closest('[data-slot="recording-status-tooltip"]')).toHaveAttribute('dir', 'rtl'),
    );
  },
};

/** Arabic: the error in words, then Retry, from the right. */
export const RightToLeftError: Story = {
  args: { status: 'error' },
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('تعذّر إنشاء التسجيل، يُرجى التواصل مع المسؤول')).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
  },
};

const statuses: RecordingStatusValue[] = ['none', 'generating', 'ready', 'error'];

const gridRender = () => (
  <div className="grid grid-cols-[max-content_minmax(0,24rem)] items-center gap-x-6 gap-y-3">
    {statuses.map((status) => (
      <div key={status} className="contents">
        <RecordingStatus status={status} onRetry={() => {}} />
        <RecordingStatus status={status} variant="labelled" onRetry={() => {}} />
      </div>
    ))}
  </div>
);

/** Every status in both variants, for visual regression. */
export const Grid: Story = { render: gridRender };
export const GridDark: Story = { render: gridRender, globals: { theme: 'dark' } };
export const GridRightToLeft: Story = { render: gridRender, globals: { locale: 'ar-EG' } };
