import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Label } from '../label/label';
import { VerificationCodeInput } from './verification-code-input';

const meta = {
  title: 'Inputs/VerificationCodeInput',
  component: VerificationCodeInput,
  args: { id: 'code', onRequestCode: fn(), onValueChange: fn(), onComplete: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Verification code</Label>
      <VerificationCodeInput {...args} />
    </div>
  ),
} satisfies Meta<typeof VerificationCodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2.3: phone login. Digits only; completion is reported once all six are in. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByRole('textbox', { name: 'Verification code' });
    await userEvent.type(field, '12-34 567');
    await expect(field).toHaveValue('123456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

/** After a code is sent the button counts down a minute, and keeps focus while it waits. */
export const RequestCode: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Get Code' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('60 seconds'));
    await expect(args.onRequestCode).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    await expect(args.onRequestCode).toHaveBeenCalledTimes(1);
  },
};

/** A short countdown, to watch it run out and the button come back. */
export const ShortCountdown: Story = {
  args: { countdownSeconds: 2 },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Get Code' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('2 seconds'));
    await waitFor(() => expect(button).toHaveTextContent('1 second'), { timeout: 2000 });
    await waitFor(() => expect(button).toHaveTextContent('Get Code'), { timeout: 2000 });
    await expect(button).not.toHaveAttribute('aria-disabled');
  },
};

/** While the code is being sent the button shows progress. */
export const Sending: Story = {
  args: { onRequestCode: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Get Code' });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

/** When sending fails no countdown starts, so the user can try again at once. */
export const SendingFails: Story = {
  args: { onRequestCode: fn(() => Promise.reject(new Error('SMS gateway down'))) },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Get Code' });
    await userEvent.click(button);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await expect(button).toHaveTextContent('Get Code');
    await userEvent.click(button);
    await expect(args.onRequestCode).toHaveBeenCalledTimes(2);
  },
};

export const FourDigits: Story = { args: { length: 4, defaultValue: '12' } };

/** The button stays unavailable until, say, the phone number is valid. */
export const RequestDisabled: Story = {
  args: { requestDisabled: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Get Code' }));
    await expect(args.onRequestCode).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, 'aria-describedby': 'code-error' },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Verification code</Label>
      <VerificationCodeInput {...args} />
      <p id="code-error" className="text-destructive text-sm">
        Please input the verification code!
      </p>
    </div>
  ),
};

export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '123' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Get Code' })).toBeDisabled();
  },
};

/** Sizes and states side by side, for visual regression. */
export const Grid: Story = {
  render: (args) => (
    <div className="grid max-w-sm gap-3">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <VerificationCodeInput
          key={size}
          aria-label={`Code ${size}`}
          size={size}
          defaultValue="1234"
          onRequestCode={args.onRequestCode}
        />
      ))}
      <VerificationCodeInput aria-label="Code invalid" aria-invalid onRequestCode={args.onRequestCode} />
      <VerificationCodeInput aria-label="Code request disabled" requestDisabled onRequestCode={args.onRequestCode} />
      <VerificationCodeInput aria-label="Code disabled" disabled onRequestCode={args.onRequestCode} />
    </div>
  ),
};
