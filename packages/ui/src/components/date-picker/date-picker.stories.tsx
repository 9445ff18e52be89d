import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DatePicker } from './date-picker';
import { DateRangePicker, type DateRangePreset } from './date-range-picker';

// Fixed dates keep the calendar (and its 'today' mark) the same on every run.
const NOVEMBER = new Date(2026, 10, 1);
const TODAY = new Date(2026, 10, 15);

const meta = {
  title: 'Inputs/DatePicker',
  component: DatePicker,
  args: {
    'aria-label': 'Call date',
    className: 'w-64',
    defaultMonth: NOVEMBER,
    today: TODAY,
    onValueChange: fn(),
  },
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Call date' });
    await expect(trigger).toHaveTextContent('Select time');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const WithValue: Story = { args: { defaultValue: new Date(2026, 10, 10) } };

export const Clearable: Story = {
  args: { defaultValue: new Date(2026, 10, 10), clearable: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear date' }));
    await expect(args.onValueChange).toHaveBeenCalledWith(null);
    await expect(canvas.getByRole('combobox', { name: 'Call date' })).toHaveTextContent('Select time');
  },
};

/** Opened and used from the keyboard: ArrowDown opens, arrows move, Enter picks; ends open again. */
export const Open: Story = {
  // Arrow keys move by day in reading order; this story drives them left to right (RightToLeft covers Arabic).
  globals: { dir: 'ltr' },
  args: { defaultValue: new Date(2026, 10, 10) },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Call date' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: 'Tuesday, November 10, 2026' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(args.onValueChange).toHaveBeenCalledWith(new Date(2026, 10, 11));
    await expect(trigger).toHaveTextContent('Nov 11, 2026');
    await expect(trigger).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    const reopened = await page.findByRole('dialog', { name: 'Calendar' });
    await waitFor(() =>
      expect(within(reopened).getByRole('button', { name: 'Wednesday, November 11, 2026' })).toHaveFocus(),
    );
  },
};

export const MinAndMax: Story = {
  args: { minDate: new Date(2026, 10, 5), maxDate: new Date(2026, 10, 25) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Call date' }));
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    await expect(within(calendar).getByRole('button', { name: 'Wednesday, November 4, 2026' })).toBeDisabled();
    await expect(within(calendar).getByRole('button', { name: 'Thursday, November 26, 2026' })).toBeDisabled();
    await expect(within(calendar).getByRole('button', { name: 'Previous month' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: new Date(2026, 10, 10), clearable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Call date' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Clear date' })).toBeNull();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Call date' })).toBeInvalid();
  },
};

export const Small: Story = { args: { size: 'sm', defaultValue: new Date(2026, 10, 10) } };
export const Large: Story = { args: { size: 'lg', defaultValue: new Date(2026, 10, 10) } };

/** In right-to-left layouts the calendar mirrors: ArrowLeft moves to the next day and the chevrons flip. */
export const RightToLeft: Story = {
  args: { defaultValue: new Date(2026, 10, 10) },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Call date' }));
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    await expect(calendar).toHaveAttribute('dir', 'rtl');
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: 'Tuesday, November 10, 2026' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowLeft}');
    await expect(within(calendar).getByRole('button', { name: 'Wednesday, November 11, 2026' })).toHaveFocus();
  },
};

const onRangeChange = fn();

/** A range: the first pick is the start, the second the end; the value changes once both are set. */
export const Range: Story = {
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      defaultMonth={NOVEMBER}
      today={TODAY}
      onValueChange={onRangeChange}
    />
  ),
  play: async ({ canvasElement }) => {
    onRangeChange.mockClear();
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Calls between' });
    await expect(trigger).toHaveTextContent('Start time');
    await expect(trigger).toHaveTextContent('End time');
    await userEvent.click(trigger);
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    await userEvent.click(within(calendar).getByRole('button', { name: 'Monday, November 16, 2026' }));
    await expect(trigger).toHaveTextContent('Nov 16, 2026');
    await expect(onRangeChange).not.toHaveBeenCalled();
    await userEvent.click(within(calendar).getByRole('button', { name: 'Thursday, December 3, 2026' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(onRangeChange).toHaveBeenCalledWith({ from: new Date(2026, 10, 16), to: new Date(2026, 11, 3) });
    await expect(trigger).toHaveTextContent('Dec 3, 2026');
  },
};

export const RangeWithValue: Story = {
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      clearable
      defaultValue={{ from: new Date(2026, 10, 2), to: new Date(2026, 10, 6) }}
      today={TODAY}
    />
  ),
};

/** The range calendar open on a chosen range, for visual regression. */
export const RangeOpen: Story = {
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      defaultValue={{ from: new Date(2026, 10, 9), to: new Date(2026, 10, 13) }}
      today={TODAY}
    />
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    within(canvasElement).getByRole('combobox', { name: 'Calls between' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: 'Monday, November 9, 2026' })).toHaveFocus(),
    );
    await expect(
      within(calendar).getByRole('button', { name: 'Wednesday, November 11, 2026' }).closest('td'),
    ).toHaveAttribute('aria-selected', 'true');
  },
};

/** A range in a right-to-left layout: both months mirror, and ArrowLeft moves to the next day. */
export const RangeRightToLeft: Story = {
  globals: { dir: 'rtl' },
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      defaultValue={{ from: new Date(2026, 10, 9), to: new Date(2026, 10, 13) }}
      today={TODAY}
    />
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    within(canvasElement).getByRole('combobox', { name: 'Calls between' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    await expect(calendar).toHaveAttribute('dir', 'rtl');
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: 'Monday, November 9, 2026' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowLeft}');
    await expect(within(calendar).getByRole('button', { name: 'Tuesday, November 10, 2026' })).toHaveFocus();
  },
};

export const RangeDisabled: Story = {
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      disabled
      defaultValue={{ from: new Date(2026, 10, 2), to: new Date(2026, 10, 6) }}
    />
  ),
};

export const RangeInvalid: Story = {
  render: () => <DateRangePicker aria-label="Calls between" className="w-80" aria-invalid />,
};

/** The ranges an app might offer, made from the day the picker takes as today. */
function presetRanges(today: Date): DateRangePreset[] {
  const day = (offset: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  return [
    { label: 'Today', range: { from: today, to: today } },
    { label: 'Yesterday', range: { from: day(-1), to: day(-1) } },
    { label: 'Last 7 days', range: { from: day(-6), to: today } },
    { label: 'This month', range: { from: new Date(today.getFullYear(), today.getMonth(), 1), to: today } },
  ];
}

const onPresetChange = fn();

/**
 * Ready-made ranges beside the calendar (above it on narrow screens), with no day after today.
 * The preset matching the range shows pressed; choosing one sets the range and closes.
 */
export const RangePresets: Story = {
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      defaultValue={{ from: new Date(2026, 10, 9), to: TODAY }}
      today={TODAY}
      maxDate={TODAY}
      presets={presetRanges}
      onValueChange={onPresetChange}
    />
  ),
  play: async ({ canvasElement }) => {
    onPresetChange.mockClear();
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Calls between' });
    await userEvent.click(trigger);
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    const presets = within(calendar).getByRole('group', { name: 'Preset ranges' });
    await expect(within(presets).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(presets).getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'false');
    await expect(within(calendar).getByRole('button', { name: 'Monday, November 16, 2026' })).toBeDisabled();
    await userEvent.click(within(presets).getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(onPresetChange).toHaveBeenCalledWith({ from: new Date(2026, 10, 14), to: new Date(2026, 10, 14) });
    await expect(trigger).toHaveTextContent('Nov 14, 2026');

    await userEvent.click(trigger);
    const reopened = await page.findByRole('dialog', { name: 'Calendar' });
    await expect(within(reopened).getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(within(reopened).getByRole('button', { name: 'Saturday, November 14, 2026' })).toHaveFocus(),
    );
  },
};

/** Presets in a right-to-left layout: they sit on the start side (the right) and the months mirror. */
export const RangePresetsRightToLeft: Story = {
  globals: { dir: 'rtl' },
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      defaultValue={{ from: new Date(2026, 10, 1), to: TODAY }}
      today={TODAY}
      maxDate={TODAY}
      presets={presetRanges}
    />
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Calls between' }));
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    await expect(calendar).toHaveAttribute('dir', 'rtl');
    await expect(within(calendar).getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: 'Sunday, November 1, 2026' })).toHaveFocus(),
    );
  },
};

/**
 * Days typed in the start and end fields (the interface language's numeric form, or YYYY-MM-DD);
 * Enter takes them. A day after maxDate, here a future one, is refused with a message.
 */
export const RangeTypedFutureDay: Story = {
  render: () => (
    <DateRangePicker
      aria-label="Calls between"
      className="w-80"
      today={TODAY}
      maxDate={TODAY}
      presets={presetRanges}
      typeable
      onValueChange={onPresetChange}
    />
  ),
  play: async ({ canvasElement }) => {
    onPresetChange.mockClear();
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Calls between' });
    await userEvent.click(trigger);
    const calendar = await page.findByRole('dialog', { name: 'Calendar' });
    const start = within(calendar).getByRole('textbox', { name: 'Start time' });
    const end = within(calendar).getByRole('textbox', { name: 'End time' });
    await userEvent.type(start, '11/10/2026{Enter}');
    await expect(trigger).toHaveTextContent('Nov 10, 2026');
    await userEvent.type(end, '11/20/2026{Enter}');
    await expect(await within(calendar).findByRole('alert')).toHaveTextContent(
      'Choose a day no later than Nov 15, 2026.',
    );
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expect(onPresetChange).not.toHaveBeenCalled();
  },
};
