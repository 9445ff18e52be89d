import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label';
import { Textarea } from './textarea';

const meta = {
  title: 'Inputs/Textarea',
  component: Textarea,
  args: { id: 'note', placeholder: 'Enter a note', onChange: fn() },
  render: (args) => (
    <div className="grid max-w-md gap-2">
      <Label htmlFor={args.id}>Note</Label>
      <Textarea {...args} />
    </div>
  ),
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Note' });
    await userEvent.type(textarea, 'Called back{Enter}Left a message');
    await expect(textarea).toHaveValue('Called back\nLeft a message');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithCount: Story = {
  args: { showCount: true, maxLength: 200 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Note' });
    await expect(canvas.getByText('0 / 200')).toBeVisible();
    await userEvent.type(textarea, 'Follow up on Monday');
    await expect(canvas.getByText('19 / 200')).toBeVisible();
    await expect(textarea).toHaveAccessibleDescription('19 of 200 characters used');
  },
};

export const AtLimit: Story = {
  args: { showCount: true, maxLength: 20, defaultValue: 'Caller asked for a r' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Note' });
    await userEvent.type(textarea, 'efund');
    await expect(textarea).toHaveValue('Caller asked for a r');
    await expect(canvas.getByText('20 / 20')).toBeVisible();
  },
};

/** A soft limit: what is typed past it stays, and the count says it is over (the form refuses it). */
export const OverSoftLimit: Story = {
  args: { showCount: true, limit: 20, defaultValue: 'Caller asked for a r' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Note' });
    await userEvent.type(textarea, 'efund');
    await expect(textarea).toHaveValue('Caller asked for a refund');
    const count = canvas.getByText('25 / 20');
    await expect(count).toBeVisible();
    await expect(count.closest('[data-slot="textarea-count"]')).toHaveAttribute('data-state', 'over');
  },
};

export const CountWithoutMaximum: Story = {
  args: { showCount: true, defaultValue: 'Prefers e-mail' },
};

export const WithValue: Story = {
  args: { defaultValue: 'The caller asked about delivery times.\nPromised a call back tomorrow morning.' },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, 'aria-describedby': 'note-error' },
  render: (args) => (
    <div className="grid max-w-md gap-2">
      <Label htmlFor={args.id}>Note</Label>
      <Textarea {...args} />
      <p id="note-error" className="text-destructive text-sm">
        Please enter notes!
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Note' });
    await expect(textarea).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea).toHaveAccessibleDescription('Please enter notes!');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Read only', showCount: true, maxLength: 200 },
};
