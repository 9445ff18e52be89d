import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label';
import { PasswordInput } from './password-input';

const meta = {
  title: 'Inputs/PasswordInput',
  component: PasswordInput,
  args: { id: 'password', onChange: fn(), onVisibleChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  render: (args) => (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor={args.id}>Password</Label>
      <PasswordInput {...args} />
    </div>
  ),
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'hunter2');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(canvas.getByRole('textbox', { name: 'Password' })).toHaveValue('hunter2');
    await expect(args.onVisibleChange).toHaveBeenCalledWith(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Visible: Story = { args: { defaultVisible: true, defaultValue: 'correct horse' } };

/** SPEC §2.5: the account password is rated Strong, Medium or Weak as it is typed. */
export const WithStrength: Story = {
  args: { showStrength: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'abc');
    await expect(canvas.getByText('Strength: Weak')).toBeVisible();
    await userEvent.type(input, 'defgh1');
    await expect(canvas.getByText('Strength: Medium')).toBeVisible();
    await userEvent.type(input, 'XYZ!');
    await expect(canvas.getByText('Strength: Strong')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('Strength: Strong');
  },
};

export const Weak: Story = { args: { showStrength: true, defaultValue: 'abc' } };
export const Medium: Story = { args: { showStrength: true, defaultValue: 'password1' } };
export const Strong: Story = { args: { showStrength: true, defaultValue: 'Password1!' } };
/** The caller's own rater (an estimator such as zxcvbn): here, every password of 20 characters or more is strong. */
export const CustomRater: Story = {
  args: {
    showStrength: true,
    defaultValue: 'Password1!',
    rateStrength: (value) => (value === '' ? undefined : value.length >= 20 ? 'strong' : 'weak'),
  },
};

export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };

export const Invalid: Story = {
  args: { 'aria-invalid': true, 'aria-describedby': 'password-error' },
  render: (args) => (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor={args.id}>Password</Label>
      <PasswordInput {...args} />
      <p id="password-error" className="text-destructive text-sm">
        Please input your password!
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please input your password!');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'secret' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};

/** Every size with every strength, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(3,16rem)] gap-4">
      {(['sm', 'md', 'lg'] as const).flatMap((size) =>
        (['abc', 'password1', 'Password1!'] as const).map((password) => (
          <PasswordInput
            key={`${size}-${password}`}
            size={size}
            aria-label={`${size} ${password}`}
            defaultValue={password}
            showStrength
          />
        )),
      )}
    </div>
  ),
};
