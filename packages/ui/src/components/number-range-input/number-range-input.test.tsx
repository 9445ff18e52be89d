import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Field } from '../field/field';
import { Label } from '../label/label';
import { type NumberRange, NumberRangeInput, type NumberRangeInputProps } from './number-range-input';

function HoldTime(props: NumberRangeInputProps) {
  return (
    <>
      <Label htmlFor="hold-time">Hold time in seconds</Label>
      <NumberRangeInput id="hold-time" {...props} />
    </>
  );
}

function Controlled() {
  const [range, setRange] = useState<NumberRange>({ min: 5 });
  return (
    <>
      <HoldTime value={range} onValueChange={setRange} />
      <output>{JSON.stringify(range)}</output>
      <button type="button" onClick={() => setRange({ min: 1, max: 2 })}>
        Preset
      </button>
    </>
  );
}

const minField = () => screen.getByRole('spinbutton', { name: 'Hold time in seconds Min' });
const maxField = () => screen.getByRole('spinbutton', { name: 'Hold time in seconds Max' });

describe('NumberRangeInput', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<HoldTime className="custom" unit="s" defaultValue={{ min: 1, max: 9 }} />);
    await expectConformance(screen.getByRole('group', { name: 'Hold time in seconds' }), {
      slot: 'number-range-input',
      className: 'custom',
    });
  });

  it('names each field by the range label and its own, and shows Min and Max as placeholders', async () => {
    renderWithProviders(<HoldTime />);
    expect(minField()).toHaveAttribute('placeholder', 'Min');
    expect(maxField()).toHaveAttribute('placeholder', 'Max');
    expect(minField()).toHaveAttribute('id', 'hold-time');
    await userEvent.click(screen.getByText('Hold time in seconds'));
    expect(minField()).toHaveFocus();
  });

  it('is named by aria-label when there is no label element', () => {
    renderWithProviders(<NumberRangeInput aria-label="Call duration" minLabel="From" maxLabel="To" />);
    expect(screen.getByRole('group', { name: 'Call duration' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Call duration From' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Call duration To' })).toBeInTheDocument();
  });

  it('reports each edit, uncontrolled, with an empty field as undefined', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<HoldTime onValueChange={onValueChange} />);
    await userEvent.type(minField(), '10');
    await userEvent.tab();
    expect(maxField()).toHaveFocus();
    await userEvent.type(maxField(), '30');
    expect(onValueChange).toHaveBeenLastCalledWith({ min: 10, max: 30 });
    await userEvent.clear(minField());
    expect(onValueChange).toHaveBeenLastCalledWith({ max: 30 });
    expect(onValueChange.mock.lastCall?.[0]).not.toHaveProperty('min');
    expect(minField()).toHaveValue(null);
  });

  it('works controlled, including values set from outside', async () => {
    renderWithProviders(<Controlled />);
    expect(minField()).toHaveValue(5);
    await userEvent.type(maxField(), '8');
    expect(screen.getByRole('status')).toHaveTextContent('{"min":5,"max":8}');
    await userEvent.click(screen.getByRole('button', { name: 'Preset' }));
    expect(minField()).toHaveValue(1);
    expect(maxField()).toHaveValue(2);
  });

  it('marks both fields invalid while min is greater than max, and clears it once fixed', async () => {
    renderWithProviders(<HoldTime defaultValue={{ min: 50 }} />);
    const group = screen.getByRole('group', { name: 'Hold time in seconds' });
    expect(group).not.toHaveAttribute('data-invalid');
    await userEvent.type(maxField(), '5');
    expect(minField()).toHaveAttribute('aria-invalid', 'true');
    expect(maxField()).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('data-invalid');
    await userEvent.type(maxField(), '0');
    expect(minField()).not.toHaveAttribute('aria-invalid');
    expect(maxField()).not.toHaveAttribute('aria-invalid');
    expect(group).not.toHaveAttribute('data-invalid');
  });

  it('treats equal ends as a valid range', () => {
    renderWithProviders(<HoldTime defaultValue={{ min: 7, max: 7 }} />);
    expect(minField()).not.toHaveAttribute('aria-invalid');
  });

  it('accepts only whole numbers from zero by default', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<HoldTime onValueChange={onValueChange} />);
    await userEvent.type(minField(), '-1.5e+2');
    expect(minField()).toHaveValue(152);
    expect(minField()).toHaveAttribute('min', '0');
    expect(minField()).toHaveAttribute('step', '1');
    expect(minField()).toHaveAttribute('inputmode', 'numeric');
    expect(onValueChange).toHaveBeenLastCalledWith({ min: 152 });
  });

  it('snaps a pasted value onto the bounds and the step when the field loses focus', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<HoldTime onValueChange={onValueChange} maxBound={100} />);
    fireEvent.change(minField(), { target: { value: '2.6' } });
    fireEvent.change(maxField(), { target: { value: '250' } });
    expect(onValueChange).toHaveBeenLastCalledWith({ min: 2.6, max: 250 });
    fireEvent.blur(minField());
    expect(minField()).toHaveValue(3);
    fireEvent.blur(maxField());
    expect(maxField()).toHaveValue(100);
    expect(onValueChange).toHaveBeenLastCalledWith({ min: 3, max: 100 });
  });

  it('allows negative and fractional numbers when the bounds and step say so', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<HoldTime minBound={-10} step={0.5} onValueChange={onValueChange} />);
    expect(minField()).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(minField(), '-2.5');
    expect(onValueChange).toHaveBeenLastCalledWith({ min: -2.5 });
    fireEvent.change(maxField(), { target: { value: '-20' } });
    fireEvent.blur(maxField());
    expect(onValueChange).toHaveBeenLastCalledWith({ min: -2.5, max: -10 });
    fireEvent.change(maxField(), { target: { value: '1.3' } });
    fireEvent.blur(maxField());
    expect(onValueChange).toHaveBeenLastCalledWith({ min: -2.5, max: 1.5 });
  });

  it('calls onBlur once focus leaves both fields, not when moving between them', async () => {
    const onBlur = vi.fn();
    renderWithProviders(
      <>
        <HoldTime onBlur={onBlur} />
        <button type="button">Search</button>
      </>,
    );
    await userEvent.click(minField());
    await userEvent.tab();
    expect(maxField()).toHaveFocus();
    expect(onBlur).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('shows the unit and describes both fields with it', () => {
    renderWithProviders(<HoldTime unit="seconds" />);
    expect(minField()).toHaveAccessibleDescription('seconds');
    expect(maxField()).toHaveAccessibleDescription('seconds');
  });

  it('focuses the first field through its ref, and submits both ends under its name', () => {
    const ref = { current: null as HTMLInputElement | null };
    let submitted: FormData | undefined;
    renderWithProviders(
      <form
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          submitted = new FormData(event.currentTarget);
        }}
      >
        <HoldTime ref={ref} name="holdTime" defaultValue={{ min: 3, max: 9 }} />
      </form>,
    );
    ref.current?.focus();
    expect(minField()).toHaveFocus();
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    expect(submitted?.get('holdTime.min')).toBe('3');
    expect(submitted?.get('holdTime.max')).toBe('9');
  });

  it('is labelled, described and marked invalid by a Field', () => {
    renderWithProviders(
      <Field label="Call duration" description="In seconds" error="Check the range">
        <NumberRangeInput />
      </Field>,
    );
    const group = screen.getByRole('group', { name: 'Call duration' });
    expect(group).toHaveAttribute('data-invalid');
    const min = screen.getByRole('spinbutton', { name: 'Call duration Min' });
    const max = screen.getByRole('spinbutton', { name: 'Call duration Max' });
    for (const field of [min, max]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('In seconds Check the range');
    }
  });

  it('cannot be edited when disabled', async () => {
    renderWithProviders(<HoldTime disabled defaultValue={{ min: 1 }} />);
    await userEvent.type(minField(), '2');
    expect(minField()).toHaveValue(1);
    expect(maxField()).toBeDisabled();
  });
});
