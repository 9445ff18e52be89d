import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label';
import { Switch } from './switch';

const meta = {
  title: 'Inputs/Switch',
  component: Switch,
  args: { id: 'system-messages', onCheckedChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] } },
  render: (args) => (
    <div className="flex items-center gap-3">
      <Label htmlFor={args.id}>System messages</Label>
      <Switch {...args} />
    </div>
  ),
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'System messages' });
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(2);
  },
};

export const Checked: Story = { args: { defaultChecked: true } };
export const Small: Story = { args: { size: 'sm', defaultChecked: true } };

/** SPEC §2.5: notification toggles read Open or Close; the caller supplies the words. */
export const WithText: Story = {
  args: { checkedText: 'Open', uncheckedText: 'Close', defaultChecked: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'System messages' });
    await expect(canvas.getByText('Open')).toBeVisible();
    await expect(canvas.getByText('Close')).not.toBeVisible();
    await userEvent.click(toggle);
    await expect(canvas.getByText('Close')).toBeVisible();
    await expect(canvas.getByText('Open')).not.toBeVisible();
    await expect(toggle).toHaveAccessibleName('System messages');
  },
};

export const SmallWithText: Story = { args: { size: 'sm', checkedText: 'Open', uncheckedText: 'Close' } };

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch');
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

/** Both sizes, on and off, with and without text, enabled and disabled, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(4,max-content)] items-center gap-x-6 gap-y-3">
      {(['sm', 'md'] as const).flatMap((size) =>
        [false, true].flatMap((withText) =>
          [false, true].flatMap((disabled) =>
            [false, true].map((checked) => {
              const id = `grid-${size}-${withText}-${disabled}-${checked}`;
              return (
                <div key={id} className="flex items-center gap-2">
                  <Switch
                    id={id}
                    size={size}
                    defaultChecked={checked}
                    disabled={disabled}
                    checkedText={withText ? 'Open' : undefined}
                    uncheckedText={withText ? 'Close' : undefined}
                  />
                  <Label htmlFor={id}>
                    {size} {checked ? 'on' : 'off'}
                    {disabled ? ' disabled' : ''}
                  </Label>
                </div>
              );
            }),
          ),
        ),
      )}
    </div>
  ),
};
