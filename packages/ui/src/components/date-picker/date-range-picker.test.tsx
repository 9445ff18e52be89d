import { changeLocale } from '@parley/i18n';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { DateRangePicker, type DateRangePreset, type DateRangeValue } from './date-range-picker';

const NOVEMBER = new Date(2026, 10, 1);
const TODAY = new Date(2026, 10, 15);

function dayButton(name: string) {
  return within(screen.getByRole('dialog', { name: 'Calendar' })).getByRole('button', { name });
}

/** Ranges made from the day the picker takes as today, as an app would offer them. */
function presets(today: Date): DateRangePreset[] {
  const day = (offset: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  return [
    { label: 'Today', range: { from: today, to: today } },
    { label: 'Yesterday', range: { from: day(-1), to: day(-1) } },
    { label: 'Last 7 days', range: { from: day(-6), to: today } },
    { label: 'Next week', range: { from: day(1), to: day(7) } },
  ];
}

// A calendar is about fifty buttons; userEvent over it is slow in jsdom on a shared machine.
function ControlledRange({
  onValueChange,
  ...props
}: { onValueChange: (value: DateRangeValue) => void } & Partial<React.ComponentProps<typeof DateRangePicker>>) {
  const [value, setValue] = useState<DateRangeValue>({});
  return (
    <DateRangePicker
      aria-label="Calls between"
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        setValue(next);
      }}
      defaultMonth={NOVEMBER}
      today={TODAY}
      {...props}
    />
  );
}

describe('DateRangePicker', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await act(() => changeLocale('en-US'));
  });

  it('conforms and shows both placeholders', async () => {
    renderWithProviders(<DateRangePicker aria-label="Calls between" className="custom" />);
    const trigger = screen.getByRole('combobox', { name: 'Calls between' });
    expect(trigger).toHaveTextContent('Start time');
    expect(trigger).toHaveTextContent('End time');
    await expectConformance(trigger.parentElement as HTMLElement, { slot: 'date-range-picker', className: 'custom' });
  });

  it('picks a start and an end with the keyboard, then closes', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ControlledRange onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Calls between' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('grid').map((grid) => grid.getAttribute('aria-label'))).toEqual([
      'November 2026',
      'December 2026',
    ]);
    expect(dayButton('Sunday, November 15, 2026')).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onValueChange).not.toHaveBeenCalled();
    expect(trigger).toHaveTextContent('Nov 16, 2026');
    expect(trigger).toHaveTextContent('End time');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith({
      from: new Date(2026, 10, 16),
      to: new Date(2026, 10, 30),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveTextContent('Nov 16, 2026');
    expect(trigger).toHaveTextContent('Nov 30, 2026');
  });

  it('follows the writing direction in RTL: the calendar is mirrored and ArrowLeft moves to the next day', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DateRangePicker
        aria-label="Calls between"
        defaultMonth={NOVEMBER}
        today={TODAY}
        onValueChange={onValueChange}
      />,
      { locale: 'ar-EG' },
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Calls between' }));
    expect(screen.getByRole('dialog', { name: 'Calendar' })).toHaveAttribute('dir', 'rtl');
    dayButton('Monday, November 16, 2026').focus();
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith({
      from: new Date(2026, 10, 17),
      to: new Date(2026, 10, 19),
    });
  });

  it('orders the ends when the second pick comes first, across months', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DateRangePicker aria-label="Calls between" defaultMonth={NOVEMBER} onValueChange={onValueChange} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Calls between' }));
    await userEvent.click(dayButton('Thursday, December 3, 2026'));
    await userEvent.click(dayButton('Monday, November 2, 2026'));
    expect(onValueChange).toHaveBeenCalledWith({ from: new Date(2026, 10, 2), to: new Date(2026, 11, 3) });
  });

  it('keeps the previous range when closed half-way, and starts afresh on the next open', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DateRangePicker
        aria-label="Calls between"
        defaultValue={{ from: new Date(2026, 10, 2), to: new Date(2026, 10, 6) }}
        onValueChange={onValueChange}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Calls between' });
    await userEvent.click(trigger);
    expect(dayButton('Wednesday, November 4, 2026').parentElement).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(dayButton('Tuesday, November 10, 2026'));
    expect(trigger).toHaveTextContent('Nov 10, 2026');
    expect(trigger).toHaveTextContent('End time');
    await userEvent.keyboard('{Escape}');
    expect(onValueChange).not.toHaveBeenCalled();
    expect(trigger).toHaveTextContent('Nov 2, 2026');
    expect(trigger).toHaveTextContent('Nov 6, 2026');

    await userEvent.click(trigger);
    await userEvent.click(dayButton('Tuesday, November 10, 2026'));
    await userEvent.click(dayButton('Thursday, November 12, 2026'));
    expect(onValueChange).toHaveBeenCalledWith({ from: new Date(2026, 10, 10), to: new Date(2026, 10, 12) });
  });

  it('clears to an empty range', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DateRangePicker
        aria-label="Calls between"
        clearable
        defaultValue={{ from: new Date(2026, 10, 2), to: new Date(2026, 10, 6) }}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onValueChange).toHaveBeenCalledWith({});
    expect(screen.getByRole('combobox', { name: 'Calls between' })).toHaveTextContent('Start time');
  });

  it('refuses days outside minDate and maxDate', async () => {
    renderWithProviders(
      <DateRangePicker
        aria-label="Calls between"
        numberOfMonths={1}
        minDate={new Date(2026, 10, 5)}
        maxDate={new Date(2026, 10, 25)}
        defaultMonth={NOVEMBER}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Calls between' }));
    expect(dayButton('Wednesday, November 4, 2026')).toBeDisabled();
    expect(dayButton('Thursday, November 26, 2026')).toBeDisabled();
    expect(dayButton('Wednesday, November 25, 2026')).toBeEnabled();
  });

  it('offers presets, reachable from the keyboard: choosing one sets the range and closes, and it shows pressed', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ControlledRange onValueChange={onValueChange} presets={presets} maxDate={TODAY} />);
    const trigger = screen.getByRole('combobox', { name: 'Calls between' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const calendar = screen.getByRole('dialog', { name: 'Calendar' });
    const group = within(calendar).getByRole('group', { name: 'Preset ranges' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Today', 'Yesterday', 'Last 7 days', 'Next week']);
    for (const button of within(group).getAllByRole('button')) {
      expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    // A preset reaching past maxDate cannot be chosen.
    expect(within(group).getByRole('button', { name: 'Next week' })).toBeDisabled();

    // From the focused day, Shift+Tab goes back past the month buttons to the presets.
    expect(dayButton('Sunday, November 15, 2026')).toHaveFocus();
    const lastChoosable = within(group).getByRole('button', { name: 'Last 7 days' });
    for (let step = 0; step < 6 && document.activeElement !== lastChoosable; step += 1) {
      await userEvent.tab({ shift: true });
    }
    expect(lastChoosable).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith({ from: new Date(2026, 10, 9), to: TODAY });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveTextContent('Nov 9, 2026');
    expect(trigger).toHaveTextContent('Nov 15, 2026');

    await userEvent.click(trigger);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(onValueChange).toHaveBeenLastCalledWith({ from: new Date(2026, 10, 14), to: new Date(2026, 10, 14) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses future days after maxDate: they are disabled, and a typed one is refused with a message', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ControlledRange onValueChange={onValueChange} typeable maxDate={TODAY} />);
    const trigger = screen.getByRole('combobox', { name: 'Calls between' });
    await userEvent.click(trigger);
    // The months shown end with today's: none after it can be reached.
    expect(screen.getAllByRole('grid').map((grid) => grid.getAttribute('aria-label'))).toEqual([
      'October 2026',
      'November 2026',
    ]);
    expect(dayButton('Monday, November 16, 2026')).toBeDisabled();
    expect(dayButton('Monday, November 30, 2026')).toBeDisabled();
    expect(dayButton('Sunday, November 15, 2026')).toBeEnabled();

    const start = screen.getByRole('textbox', { name: 'Start time' });
    const end = screen.getByRole('textbox', { name: 'End time' });
    expect(start).toHaveAttribute('placeholder', 'e.g. 11/15/2026');
    await userEvent.type(start, '11/10/2026{Enter}');
    expect(start).toHaveValue('11/10/2026');
    expect(trigger).toHaveTextContent('Nov 10, 2026');
    expect(onValueChange).not.toHaveBeenCalled();

    await userEvent.type(end, '11/20/2026{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a day no later than Nov 15, 2026.');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription('Choose a day no later than Nov 15, 2026.');
    expect(onValueChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Calendar' })).toBeInTheDocument();

    await userEvent.clear(end);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(end, '2026-13-01{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Type a day like 11/15/2026.');

    await userEvent.clear(end);
    await userEvent.type(end, '11/12/2026{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith({ from: new Date(2026, 10, 10), to: new Date(2026, 10, 12) });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveTextContent('Nov 12, 2026');
  });

  it('takes typed days in the interface language, shows the range in the fields, and refuses days before minDate', async () => {
    const onValueChange = vi.fn();
    await changeLocale('de-DE');
    renderWithProviders(<ControlledRange onValueChange={onValueChange} typeable minDate={new Date(2026, 10, 5)} />, {
      locale: 'de-DE',
    });
    const trigger = screen.getByRole('combobox', { name: 'Calls between' });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Montag, 16. November 2026' }));
    expect(screen.getByRole('textbox', { name: 'Startzeit' })).toHaveValue('16.11.2026');
    expect(screen.getByRole('textbox', { name: 'Endzeit' })).toHaveValue('');
    const start = screen.getByRole('textbox', { name: 'Startzeit' });
    await userEvent.clear(start);
    await userEvent.type(start, '01.11.2026');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Wählen Sie einen Tag frühestens ab 05.11.2026.');
    await userEvent.clear(start);
    await userEvent.type(start, '06.11.2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'Endzeit' }), '03.12.2026{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith({ from: new Date(2026, 10, 6), to: new Date(2026, 11, 3) });
  });
});
