import type { Meta, StoryObj } from '@storybook/react-vite';
import { RefreshCw, WifiOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Alert } from './alert';

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  args: {
    title: 'Recording is being generated',
    description: 'It appears in the call history when it is ready.',
    onOpenChange: fn(),
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['info', 'success', 'warning', 'error'] },
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('status');
    await expect(alert).toHaveTextContent('Recording is being generated');
    await expect(alert).toHaveAttribute('data-variant', 'info');
  },
};

export const Success: Story = {
  args: { variant: 'success', title: 'Record updated', description: 'The note was saved with the call.' },
};

export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'You are offline',
    description: 'You are offline now. Changes will be sent when the connection is back.',
    icon: <WifiOff aria-hidden className="text-warning" />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('You are offline');
  },
};

export const ErrorVariant: Story = {
  name: 'Error',
  args: {
    variant: 'error',
    title: 'Recording cannot be generated ,Please contact admin',
    description: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveAttribute('data-variant', 'error');
  },
};

export const TitleOnly: Story = { args: { description: undefined } };

export const Dismissible: Story = {
  args: { dismissible: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** The 'new content, refresh' prompt of the shell (SPEC §2.6). */
export const WithAction: Story = {
  args: {
    title: 'New content is available',
    description: 'Please press the "Refresh" button to reload the current page.',
    action: (
      <Button size="sm" variant="outline" icon={<RefreshCw aria-hidden />}>
        Refresh
      </Button>
    ),
    dismissible: true,
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('status');
    await expect(within(alert).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    await expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  },
};

function ControlledAlert(args: ComponentProps<typeof Alert>) {
  const [open, setOpen] = useState(true);
  return (
    <div className="grid gap-3">
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        Show again
      </Button>
      <Alert
        {...args}
        dismissible
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange?.(next);
        }}
      />
    </div>
  );
}

export const Controlled: Story = {
  render: (args) => <ControlledAlert {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('status')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show again' }));
    await expect(canvas.getByRole('status')).toBeInTheDocument();
  },
};

/** Every variant, with and without a description, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid max-w-xl gap-3">
      {(['info', 'success', 'warning', 'error'] as const).map((variant) => (
        <div key={variant} className="grid gap-2">
          <Alert variant={variant} title={`${variant} title`} description={`${variant} description`} dismissible />
          <Alert variant={variant} title={`${variant} without description`} />
        </div>
      ))}
    </div>
  ),
};
