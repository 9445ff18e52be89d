import { i18n } from '@parley/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, expectNoAxeViolations, renderWithProviders } from '../../testing';
import { DatePicker } from './date-picker';

const NOVEMBER = new Date(2026, 10, 1);
const TODAY = new Date(2026, 10, 15);

function dayButton(name: string) {
  return within(screen.getByRole('dialog', { name: 'Calendar' })).getByRole('button', { name });
}

function ControlledDatePicker({ onValueChange }: { onValueChange: (value: Date | null) => void }) {
  const [value, setValue] = useState<Date | null>(new Date(2026, 10, 10));
  return (
    <>
      <DatePicker
        aria-label="Call date"
        value={value}
        onValueChange={(next) => {
          onValueChange(next);
          setValue(next);
        }}
        today={TODAY}
      />
      <button type="button" onClick={() => setValue(new Date(2026, 11, 24))}>
        Christmas Eve
      </button>
    </>
  );
}

// A calendar is about fifty buttons; userEvent and axe over it are slow in jsdom on a shared machine.
describe('DatePicker', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('conforms: wrapper slot and class, a labelled combobox trigger, no axe violations', async () => {
    renderWithProviders(<DatePicker aria-label="Call date" className="custom" />);
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveTextContent('Select time');
    expect(trigger).toHaveAttribute('data-slot', 'date-picker-trigger');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expectConformance(trigger.parentElement as HTMLElement, { slot: 'date-picker', className: 'custom' });
  });

  it('opens with ArrowDown, moves by day and week with the arrows, and picks with Enter', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DatePicker
        aria-label="Call date"
        defaultValue={new Date(2026, 10, 10)}
        onValueChange={onValueChange}
        today={TODAY}
      />,
    );
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const calendar = screen.getByRole('dialog', { name: 'Calendar' });
    await expectNoAxeViolations(document.body);
    expect(within(calendar).getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(dayButton('Tuesday, November 10, 2026')).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(dayButton('Wednesday, November 11, 2026')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(dayButton('Wednesday, November 18, 2026')).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(onValueChange).toHaveBeenCalledWith(new Date(2026, 10, 18));
    expect(screen.queryByRole('dialog')).toBeNull();
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveTextContent('Nov 18, 2026');
  });

  it('opens with Enter and Space, and Escape closes it and returns focus to the trigger', async () => {
    renderWithProviders(<DatePicker aria-label="Call date" defaultMonth={NOVEMBER} today={TODAY} />);
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // With no value, focus starts on today.
    expect(dayButton('Sunday, November 15, 2026')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();

    await userEvent.keyboard(' ');
    expect(screen.getByRole('dialog', { name: 'Calendar' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveFocus();
  });

  it('works controlled: shows the parent value and reports picks', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ControlledDatePicker onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveTextContent('Nov 10, 2026');

    await userEvent.click(screen.getByRole('button', { name: 'Christmas Eve' }));
    expect(trigger).toHaveTextContent('Dec 24, 2026');

    await userEvent.click(trigger);
    expect(within(screen.getByRole('dialog')).getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    await userEvent.click(dayButton('Wednesday, December 2, 2026'));
    expect(onValueChange).toHaveBeenCalledWith(new Date(2026, 11, 2));
    expect(trigger).toHaveTextContent('Dec 2, 2026');
  });

  it('keeps the value a controlling parent gives, whatever is picked', async () => {
    renderWithProviders(
      <DatePicker aria-label="Call date" value={new Date(2026, 10, 10)} onValueChange={() => {}} today={TODAY} />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    await userEvent.click(trigger);
    await userEvent.click(dayButton('Friday, November 20, 2026'));
    expect(trigger).toHaveTextContent('Nov 10, 2026');
  });

  it('works uncontrolled from a default value', async () => {
    renderWithProviders(<DatePicker aria-label="Call date" defaultValue={new Date(2026, 10, 10)} today={TODAY} />);
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveTextContent('Nov 10, 2026');
    await userEvent.click(trigger);
    expect(dayButton('Tuesday, November 10, 2026').parentElement).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(dayButton('Friday, November 20, 2026'));
    expect(trigger).toHaveTextContent('Nov 20, 2026');
  });

  it('clears the value with the clear button and gives focus back to the trigger', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DatePicker
        aria-label="Call date"
        clearable
        defaultValue={new Date(2026, 10, 10)}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onValueChange).toHaveBeenCalledWith(null);
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveTextContent('Select time');
    expect(trigger).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear date' })).toBeNull();
  });

  it('offers no clear button when empty or disabled', () => {
    renderWithProviders(
      <>
        <DatePicker aria-label="Empty" clearable />
        <DatePicker aria-label="Locked" clearable disabled defaultValue={new Date(2026, 10, 10)} />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Clear date' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Locked' })).toBeDisabled();
  });

  it('refuses days outside minDate and maxDate and stops month navigation there', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <DatePicker
        aria-label="Call date"
        minDate={new Date(2026, 10, 5)}
        maxDate={new Date(2026, 10, 25)}
        defaultMonth={NOVEMBER}
        today={TODAY}
        onValueChange={onValueChange}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Call date' }));
    expect(dayButton('Wednesday, November 4, 2026')).toBeDisabled();
    expect(dayButton('Thursday, November 26, 2026')).toBeDisabled();
    expect(dayButton('Thursday, November 5, 2026')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(dayButton('Wednesday, November 4, 2026'));
    expect(onValueChange).not.toHaveBeenCalled();

    // The keyboard cannot step past the first allowed day either.
    dayButton('Thursday, November 5, 2026').focus();
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith(new Date(2026, 10, 5));
  });

  it('passes aria-invalid and ids through to the trigger', () => {
    renderWithProviders(<DatePicker id="call-date" aria-label="Call date" aria-invalid />);
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveAttribute('id', 'call-date');
    expect(trigger).toBeInvalid();
  });

  it('follows the writing direction: ArrowLeft moves to the next day in RTL', async () => {
    renderWithProviders(<DatePicker aria-label="Call date" defaultValue={new Date(2026, 10, 10)} today={TODAY} />, {
      locale: 'ar-EG',
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Call date' }));
    expect(screen.getByRole('dialog', { name: 'Calendar' })).toHaveAttribute('dir', 'rtl');
    await userEvent.keyboard('{ArrowLeft}');
    expect(dayButton('Wednesday, November 11, 2026')).toHaveFocus();
  });

  it('writes dates in the current interface language', async () => {
    await i18n.changeLanguage('de-DE');
    renderWithProviders(<DatePicker aria-label="Call date" defaultValue={new Date(2026, 10, 10)} today={TODAY} />);
    const trigger = screen.getByRole('combobox', { name: 'Call date' });
    expect(trigger).toHaveTextContent('10.11.2026');
    await userEvent.click(trigger);
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(dayButton('Dienstag, 10. November 2026')).toHaveFocus();
  });
});
