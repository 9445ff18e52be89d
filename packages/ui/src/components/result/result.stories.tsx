import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleX } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Result } from './result';

const onBackHome = fn();

const meta = {
  title: 'Feedback/Result',
  component: Result,
  argTypes: {
    status: { control: 'select', options: ['403', '404', '500', 'success', 'fail', 'info', 'warning'] },
  },
} satisfies Meta<typeof Result>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page shown when the current authority does not match (SPEC §2.2, §6). */
export const Forbidden: Story = {
  args: {
    status: '403',
    extra: <Button onClick={() => onBackHome()}>Back Home</Button>,
  },
  play: async ({ canvasElement }) => {
    onBackHome.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '403' })).toBeInTheDocument();
    await expect(canvas.getByText('Sorry, you are not authorized to access this page.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Back Home' }));
    await expect(onBackHome).toHaveBeenCalledTimes(1);
  },
};

export const NotFound: Story = {
  args: { status: '404', extra: <Button>Back Home</Button> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  args: { status: '500', extra: <Button>Back Home</Button> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: '500' })).toBeInTheDocument();
  },
};

/** The result step of the step form. */
export const Success: Story = {
  args: {
    status: 'success',
    subTitle: 'The video message was sent to ada@example.com.',
    extra: (
      <>
        <Button>Send another</Button>
        <Button variant="outline">View call history</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Submission Success' })).toBeInTheDocument();
  },
};

export const Fail: Story = {
  args: {
    status: 'fail',
    subTitle: 'Please check and modify the following information before resubmitting.',
    extra: <Button>Return to modify</Button>,
    children: (
      <ul className="grid gap-2">
        <li className="flex items-center gap-2">
          <CircleX aria-hidden className="size-4 text-destructive" />
          The input is not valid E-mail!
        </li>
        <li className="flex items-center gap-2">
          <CircleX aria-hidden className="size-4 text-destructive" />
          Please input your phone number!
        </li>
      </ul>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Submission Failed' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};

export const Info: Story = {
  args: { status: 'info', title: 'Your operation has been executed', extra: <Button>Go Console</Button> },
};

export const Warning: Story = {
  args: { status: 'warning', title: 'There are some problems with your operation.' },
};

/** Callers can replace the default texts. */
export const CustomTexts: Story = {
  args: {
    status: '403',
    title: 'Admins only',
    subTitle: 'Ask an admin to open domain management for you.',
    headingLevel: 1,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
    await expect(canvas.queryByText('Sorry, you are not authorized to access this page.')).toBeNull();
  },
};

/** Every status with its default texts, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(18rem,1fr))] gap-4">
      {(['403', '404', '500', 'success', 'fail', 'info', 'warning'] as const).map((status) => (
        <Result
          key={status}
          status={status}
          className="rounded-lg border py-8"
          title={status === 'info' || status === 'warning' ? `Status ${status}` : undefined}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading')).toHaveLength(7);
  },
};
