import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { DateRangePicker, type DateRangeValue } from './date-range-picker';

const NOVEMBER = new Date(2026, 10, 1);
const TODAY = new Date(2026, 10, 15);

function dayButton(name: string) {
  return within(screen.getByRole('dialog', { name: 'Calendar' })).getByRole('button', { name });
}

// A calendar is about fifty buttons; userEvent over it is slow in jsdom on a shared machine.
function ControlledRange({ onValueChange }: { onValueChange: (value: DateRangeValue) => void }) {
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
    />
  );
}

describe('DateRangePicker', { timeout: 20_000 }, () => {
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
});
