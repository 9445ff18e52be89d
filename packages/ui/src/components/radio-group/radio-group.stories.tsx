import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Label } from '../label/label';
import { RadioGroup, RadioGroupItem } from './radio-group';

const options = [
  { value: 'all', label: 'All calls' },
  { value: 'missed', label: 'Missed calls' },
  { value: 'messages', label: 'Messages' },
];

/**
 * Radix moves focus on a timer and checks the newly focused option only while the arrow key
 * is down, as with a real key; synthetic presses release at once, so hold the key a tick.
 */
async function pressArrow(key: string) {
  await userEvent.keyboard(`{${key}>}`);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await userEvent.keyboard(`{/${key}}`);
}

const meta = {
  title: 'Inputs/RadioGroup',
  component: RadioGroup,
  args: { 'aria-label': 'Call kind', defaultValue: 'all', onValueChange: fn() },
  argTypes: { orientation: { control: 'inline-radio', options: ['vertical', 'horizontal'] } },
  render: (args) => (
    <RadioGroup {...args}>
      {options.map((option) => (
        <div key={option.value} className="flex items-center gap-2">
          <RadioGroupItem id={`kind-${option.value}`} value={option.value} />
          <Label htmlFor={`kind-${option.value}`}>{option.label}</Label>
        </div>
      ))}
    </RadioGroup>
  ),
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Vertical: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'All calls' }));
    await pressArrow('ArrowDown');
    await expect(canvas.getByRole('radio', { name: 'Missed calls' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Missed calls' })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('missed');
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Messages'));
    await expect(canvas.getByRole('radio', { name: 'Messages' })).toBeChecked();
    await pressArrow(canvasElement.ownerDocument.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight');
    await expect(canvas.getByRole('radio', { name: 'All calls' })).toBeChecked();
  },
};

export const Empty: Story = { args: { defaultValue: undefined } };

/** Invalid as a Field marks it: on the group, described by the message. */
export const Invalid: Story = {
  args: { defaultValue: undefined, 'aria-invalid': true, 'aria-describedby': 'kind-error' },
  render: (args) => (
    <div className="grid gap-2">
      <RadioGroup {...args}>
        {options.map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <RadioGroupItem id={`invalid-${option.value}`} value={option.value} />
            <Label htmlFor={`invalid-${option.value}`}>{option.label}</Label>
          </div>
        ))}
      </RadioGroup>
      <p id="kind-error" className="text-destructive text-sm">
        Please choose a call kind
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('radiogroup', { name: 'Call kind' });
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Please choose a call kind');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Messages' }), { pointerEventsCheck: 0 });
    await expect(canvas.getByRole('radio', { name: 'All calls' })).toBeChecked();
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const DisabledOption: Story = {
  render: (args) => (
    <RadioGroup {...args}>
      {options.map((option) => (
        <div key={option.value} className="flex items-center gap-2">
          <RadioGroupItem id={`option-${option.value}`} value={option.value} disabled={option.value === 'missed'} />
          <Label htmlFor={`option-${option.value}`}>{option.label}</Label>
        </div>
      ))}
    </RadioGroup>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'All calls' }));
    await pressArrow('ArrowDown');
    await expect(canvas.getByRole('radio', { name: 'Messages' })).toBeChecked();
  },
};

/** Both orientations, enabled and disabled, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid gap-6">
      {(['vertical', 'horizontal'] as const).flatMap((orientation) =>
        [false, true].map((disabled) => (
          <RadioGroup
            key={`${orientation}-${disabled}`}
            aria-label={`${orientation}${disabled ? ' disabled' : ''}`}
            orientation={orientation}
            disabled={disabled}
            defaultValue="missed"
          >
            {options.map((option) => {
              const id = `grid-${orientation}-${disabled}-${option.value}`;
              return (
                <div key={option.value} className="flex items-center gap-2">
                  <RadioGroupItem id={id} value={option.value} />
                  <Label htmlFor={id}>{option.label}</Label>
                </div>
              );
            })}
          </RadioGroup>
        )),
      )}
    </div>
  ),
};
