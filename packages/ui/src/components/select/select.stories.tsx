import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Label } from '../label/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  type SelectTriggerProps,
  SelectValue,
} from './select';

type StoryArgs = React.ComponentProps<typeof Select> & {
  size?: SelectTriggerProps['size'];
  invalid?: boolean;
};

function ReceivedBy({ size, invalid, ...args }: StoryArgs) {
  return (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor="received-by">Received By</Label>
      <Select {...args}>
        <SelectTrigger
          id="received-by"
          size={size}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'received-by-error' : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Support</SelectLabel>
            <SelectItem value="ada">Ada Lovelace</SelectItem>
            <SelectItem value="grace">Grace Hopper</SelectItem>
          </SelectGroup>
          <SelectSeparator />
          <SelectGroup>
            <SelectLabel>Sales</SelectLabel>
            <SelectItem value="alan" disabled>
              Alan Turing
            </SelectItem>
            <SelectItem value="edsger">Edsger Dijkstra</SelectItem>
          </SelectGroup>
        </SelectContent>
      </Select>
      {invalid ? (
        <p id="received-by-error" className="text-destructive text-sm">
          Please choose a member
        </p>
      ) : null}
    </div>
  );
}

const meta = {
  title: 'Inputs/Select',
  component: ReceivedBy,
  args: { onValueChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof ReceivedBy>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('combobox', { name: 'Received By' });
    await expect(trigger).toHaveTextContent('Please select');
    await userEvent.click(trigger);
    await userEvent.click(await body.findByRole('option', { name: 'Grace Hopper' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('grace');
    await expect(trigger).toHaveTextContent('Grace Hopper');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    // Focus is back on the field, without a ring after the mouse.
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger.matches(':focus-visible')).toBe(false);
  },
};

/** Open with Enter, move with the arrow keys (disabled options are skipped), choose with Enter. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('combobox', { name: 'Received By' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const first = await body.findByRole('option', { name: 'Ada Lovelace' });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(body.getByRole('option', { name: 'Edsger Dijkstra' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('edsger');
    await waitFor(() => expect(trigger).toHaveFocus());
    // After the keyboard the ring shows where focus is.
    await expect(trigger.matches(':focus-visible')).toBe(true);
    await expect(trigger).toHaveTextContent('Edsger Dijkstra');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

export const WithValue: Story = { args: { defaultValue: 'ada' } };

/**
 * Opens on the chosen option, shows the groups, and Escape closes without a change. (An open
 * list hides the rest of the page from assistive technology, so the story ends closed.)
 */
export const OpenAndEscape: Story = {
  args: { defaultValue: 'grace' },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Received By' });
    await userEvent.click(trigger);
    await expect(await body.findByRole('option', { name: 'Grace Hopper' })).toHaveAttribute('aria-selected', 'true');
    // The list fades in once Radix has placed it.
    await waitFor(() => expect(body.getByRole('group', { name: 'Sales' })).toBeVisible());
    await userEvent.keyboard('{ArrowUp}{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveTextContent('Grace Hopper');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const Small: Story = { args: { size: 'sm', defaultValue: 'ada' } };
export const Large: Story = { args: { size: 'lg', defaultValue: 'ada' } };

export const Invalid: Story = {
  args: { invalid: true },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Received By' });
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAccessibleDescription('Please choose a member');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ada' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox');
    await userEvent.click(trigger, { pointerEventsCheck: 0 });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

const hours = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

/** A long list scrolls, with scroll buttons at the edges. */
export const ManyOptions: Story = {
  render: (args) => (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor="start-time">Start time</Label>
      <Select {...args}>
        <SelectTrigger id="start-time">
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-h-60">
          {hours.map((hour) => (
            <SelectItem key={hour} value={hour}>
              {hour}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Start time' }));
    await body.findByRole('listbox');
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('23:00');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

/** Every size, plain, chosen, invalid and disabled, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-[repeat(4,12rem)] items-center gap-3">
      {(['sm', 'md', 'lg'] as const).flatMap((size) =>
        (
          [
            ['placeholder', {}],
            ['chosen', { defaultValue: 'ada' }],
            ['invalid', { invalid: true }],
            ['disabled', { disabled: true, defaultValue: 'grace' }],
          ] as const
        ).map(([state, props]) => {
          const { invalid, ...selectProps } = { invalid: false, ...props };
          return (
            <Select key={`${size}-${state}`} {...selectProps}>
              <SelectTrigger size={size} aria-label={`${size} ${state}`} aria-invalid={invalid || undefined}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="ada">Ada Lovelace</SelectItem>
                <SelectItem value="grace">Grace Hopper</SelectItem>
              </SelectContent>
            </Select>
          );
        }),
      )}
    </div>
  ),
};
