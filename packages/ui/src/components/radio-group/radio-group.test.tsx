import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Field } from '../field/field';
import { Label } from '../label/label';
import { RadioGroup, RadioGroupItem, type RadioGroupProps } from './radio-group';

const options = [
  { value: 'all', label: 'All calls' },
  { value: 'missed', label: 'Missed calls' },
  { value: 'messages', label: 'Messages' },
];

function CallKind(props: RadioGroupProps) {
  return (
    <RadioGroup aria-label="Call kind" {...props}>
      {options.map((option) => (
        <div key={option.value} className="flex items-center gap-2">
          <RadioGroupItem id={`kind-${option.value}`} value={option.value} />
          <Label htmlFor={`kind-${option.value}`}>{option.label}</Label>
        </div>
      ))}
    </RadioGroup>
  );
}

/**
 * Radix moves focus on a timer and checks the focused option only while the arrow key is
 * still down, as in a browser; so hold the key until focus has moved, then release it.
 */
async function pressArrow(key: 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight') {
  await userEvent.keyboard(`{${key}>}`);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await userEvent.keyboard(`{/${key}}`);
}

function Controlled() {
  const [value, setValue] = useState('missed');
  return (
    <>
      <CallKind value={value} onValueChange={(next) => setValue(next === 'messages' ? 'all' : next)} />
      <output>{value}</output>
    </>
  );
}

describe('RadioGroup', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<CallKind className="custom" defaultValue="all" />);
    const group = screen.getByRole('radiogroup', { name: 'Call kind' });
    await expectConformance(group, { slot: 'radio-group', className: 'custom' });
    expect(screen.getByRole('radio', { name: 'All calls' })).toHaveAttribute('data-slot', 'radio-group-item');
  });

  it('is vertical by default: ArrowDown checks the next option, and Tab is one stop', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <>
        <CallKind defaultValue="all" onValueChange={onValueChange} />
        <button type="button">After</button>
      </>,
    );
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-orientation', 'vertical');
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'All calls' })).toHaveFocus();
    await pressArrow('ArrowDown');
    expect(screen.getByRole('radio', { name: 'Missed calls' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Missed calls' })).toHaveFocus();
    await pressArrow('ArrowRight');
    expect(screen.getByRole('radio', { name: 'Missed calls' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(onValueChange).toHaveBeenCalledWith('missed');
  });

  it('moves with ArrowRight when horizontal', async () => {
    renderWithProviders(<CallKind orientation="horizontal" defaultValue="all" />);
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-orientation', 'horizontal');
    expect(screen.getByRole('radiogroup')).toHaveAttribute('data-orientation', 'horizontal');
    await userEvent.tab();
    await pressArrow('ArrowRight');
    expect(screen.getByRole('radio', { name: 'Missed calls' })).toBeChecked();
  });

  it('follows the writing direction when horizontal', async () => {
    renderWithProviders(<CallKind orientation="horizontal" defaultValue="all" />, { locale: 'ar-EG' });
    await userEvent.tab();
    await pressArrow('ArrowLeft');
    expect(screen.getByRole('radio', { name: 'Missed calls' })).toBeChecked();
  });

  it('checks an option by clicking its label', async () => {
    renderWithProviders(<CallKind />);
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    await userEvent.click(screen.getByText('Messages'));
    expect(screen.getByRole('radio', { name: 'Messages' })).toBeChecked();
  });

  it('works controlled: the owner decides the value', async () => {
    renderWithProviders(<Controlled />);
    expect(screen.getByRole('radio', { name: 'Missed calls' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Messages' }));
    expect(screen.getByRole('radio', { name: 'All calls' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('all');
  });

  it('skips disabled options when moving with the arrow keys', async () => {
    renderWithProviders(
      <RadioGroup aria-label="Call kind" defaultValue="missed">
        <RadioGroupItem value="all" aria-label="All calls" />
        <RadioGroupItem value="missed" aria-label="Missed calls" />
        <RadioGroupItem value="messages" aria-label="Messages" disabled />
      </RadioGroup>,
    );
    await userEvent.tab();
    await pressArrow('ArrowDown');
    expect(screen.getByRole('radio', { name: 'All calls' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Messages' })).not.toBeChecked();
  });

  it('ignores clicks when the whole group is disabled', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<CallKind disabled defaultValue="all" onValueChange={onValueChange} />);
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toBeDisabled();
    }
    await userEvent.click(screen.getByRole('radio', { name: 'Missed calls' }));
    expect(screen.getByRole('radio', { name: 'All calls' })).toBeChecked();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('submits the checked value under its name', () => {
    let submitted: FormData | undefined;
    renderWithProviders(
      <form
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          submitted = new FormData(event.currentTarget);
        }}
      >
        <CallKind name="kind" defaultValue="messages" />
      </form>,
    );
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    expect(submitted?.get('kind')).toBe('messages');
  });

  it('is named, described and marked invalid by a Field, though a group is no labelable element', () => {
    renderWithProviders(
      <Field label="Call kind" description="Which calls to list" error="Please choose a call kind">
        <RadioGroup>
          <RadioGroupItem value="all" aria-label="All calls" />
          <RadioGroupItem value="missed" aria-label="Missed calls" />
        </RadioGroup>
      </Field>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Call kind' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Which calls to list Please choose a call kind');
  });
});
