import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label';
import { NumberRangeInput } from './number-range-input';

const meta = {
  title: 'Inputs/NumberRangeInput',
  component: NumberRangeInput,
  args: { id: 'hold-time', onValueChange: fn(), onBlur: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Hold time in seconds</Label>
      <NumberRangeInput {...args} />
    </div>
  ),
} satisfies Meta<typeof NumberRangeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2.4: the call-history filter 'Hold time in seconds'. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const min = canvas.getByRole('spinbutton', { name: 'Hold time in seconds Min' });
    const max = canvas.getByRole('spinbutton', { name: 'Hold time in seconds Max' });
    await userEvent.type(min, '10');
    await userEvent.tab();
    await expect(max).toHaveFocus();
    await userEvent.type(max, '-6.5');
    await expect(max).toHaveValue(65);
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ min: 10, max: 65 });
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalledTimes(1);
  },
};

export const WithValue: Story = { args: { defaultValue: { min: 30, max: 120 } } };

export const WithUnit: Story = {
  args: { unit: 's', defaultValue: { min: 0, max: 90 } },
  play: async ({ canvasElement }) => {
    const min = within(canvasElement).getByRole('spinbutton', { name: 'Hold time in seconds Min' });
    await expect(min).toHaveAccessibleDescription('s');
  },
};

/** Min above max: both fields are marked invalid until the range is put right. */
export const Inverted: Story = {
  args: { defaultValue: { min: 90 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Hold time in seconds' });
    const max = canvas.getByRole('spinbutton', { name: 'Hold time in seconds Max' });
    await userEvent.type(max, '30');
    await expect(group).toHaveAttribute('data-invalid');
    await expect(max).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('spinbutton', { name: 'Hold time in seconds Min' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** SPEC §2.4: 'Call duration', in minutes with halves allowed. */
export const Fractional: Story = {
  args: { step: 0.5, unit: 'min', minLabel: 'From', maxLabel: 'To' },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Call duration</Label>
      <NumberRangeInput {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const from = canvas.getByRole('spinbutton', { name: 'Call duration From' });
    await userEvent.type(from, '1.3');
    await userEvent.tab();
    await expect(from).toHaveValue(1.5);
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ min: 1.5 });
  },
};

export const Small: Story = { args: { size: 'sm', defaultValue: { min: 1 } } };
export const Large: Story = { args: { size: 'lg', defaultValue: { min: 1 } } };
export const Invalid: Story = { args: { 'aria-invalid': true } };
export const Disabled: Story = { args: { disabled: true, defaultValue: { min: 5, max: 60 } } };

/** Sizes and states side by side, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid max-w-md gap-3">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <NumberRangeInput key={size} aria-label={`Size ${size}`} size={size} unit="s" defaultValue={{ min: 10 }} />
      ))}
      <NumberRangeInput aria-label="Inverted" defaultValue={{ min: 60, max: 10 }} />
      <NumberRangeInput aria-label="Disabled" disabled defaultValue={{ min: 5, max: 60 }} />
    </div>
  ),
};
