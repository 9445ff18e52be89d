import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DatePicker } from '../date-picker/date-picker';
import { Input } from '../input/input';
import { Field } from './field';

const meta = {
  title: 'Form/Field',
  component: Field,
  args: { label: 'Caller name', children: <Input placeholder="Ada Lovelace" />, className: 'max-w-xs' },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Caller name' })).not.toHaveAttribute(
      'aria-describedby',
    );
  },
};

export const WithDescription: Story = {
  args: { description: 'As it should appear on call records.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Caller name' })).toHaveAccessibleDescription(
      'As it should appear on call records.',
    );
  },
};

export const Required: Story = {
  args: { required: true, children: <Input required placeholder="Ada Lovelace" /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Caller name' })).toBeRequired();
  },
};

export const WithError: Story = {
  args: {
    label: 'E-mail',
    required: true,
    description: 'We send the video message here.',
    error: 'The input is not valid E-mail!',
    children: <Input type="email" required defaultValue="not-an-email" />,
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'E-mail' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('We send the video message here. The input is not valid E-mail!');
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The input is not valid E-mail!');
  },
};

export const Disabled: Story = {
  args: { description: 'Set by your administrator.', children: <Input disabled defaultValue="Support team" /> },
};

export const WithDatePicker: Story = {
  args: {
    label: 'Call date',
    error: "'Call date' is required",
    children: <DatePicker defaultMonth={new Date(2026, 10, 1)} today={new Date(2026, 10, 15)} />,
  },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Call date' });
    await expect(trigger).toBeInvalid();
    await expect(trigger).toHaveAccessibleDescription("'Call date' is required");
  },
};
