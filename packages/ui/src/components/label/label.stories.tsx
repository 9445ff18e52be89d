import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Input } from '../input/input';
import { Label } from './label';

const meta = {
  title: 'Form/Label',
  component: Label,
  args: { children: 'Caller name', htmlFor: 'caller-name' },
  render: (args) => (
    <div className="grid max-w-xs gap-2">
      <Label {...args} />
      <Input id="caller-name" />
    </div>
  ),
} satisfies Meta<typeof Label>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Caller name'));
    await expect(canvas.getByRole('textbox', { name: 'Caller name' })).toHaveFocus();
  },
};
export const Required: Story = { args: { required: true } };
