import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Field } from '../field/field';
import { Label } from '../label/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  type SelectProps,
  SelectSeparator,
  SelectTrigger,
  type SelectTriggerProps,
  SelectValue,
} from './select';

function ReceivedBy({
  triggerProps,
  placeholder,
  ...props
}: SelectProps & { triggerProps?: SelectTriggerProps; placeholder?: string }) {
  return (
    <>
      <Label htmlFor="received-by">Received By</Label>
      <Select {...props}>
        <SelectTrigger id="received-by" {...triggerProps}>
          <SelectValue placeholder={placeholder} />
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
    </>
  );
}

function Controlled() {
  const [value, setValue] = useState('grace');
  return (
    <>
      <ReceivedBy value={value} onValueChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('Select', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<ReceivedBy triggerProps={{ className: 'custom' }} />);
    await expectConformance(screen.getByRole('combobox', { name: 'Received By' }), {
      slot: 'select-trigger',
      className: 'custom',
    });
  });

  it('shows the translated placeholder until something is chosen, or the given one', () => {
    const { rerender } = renderWithProviders(<ReceivedBy />);
    expect(screen.getByRole('combobox')).toHaveTextContent('Please select');
    expect(screen.getByRole('combobox')).toHaveAttribute('data-placeholder');
    rerender(<ReceivedBy placeholder="Anyone" />);
    expect(screen.getByRole('combobox')).toHaveTextContent('Anyone');
  });

  it('opens with the keyboard, moves past disabled options and picks with Enter', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ReceivedBy onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Received By' });
    await userEvent.tab();
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'Alan Turing' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('group', { name: 'Sales' })).toBeInTheDocument();
    expect(listbox).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Edsger Dijkstra' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('edsger');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveTextContent('Edsger Dijkstra');
    expect(trigger).toHaveFocus();
  });

  it('closes with Escape without changing the value', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<ReceivedBy defaultValue="ada" onValueChange={onValueChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Ada Lovelace' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox')).toHaveTextContent('Ada Lovelace');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('picks an option by pointer', async () => {
    renderWithProviders(<ReceivedBy />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Received By' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    expect(screen.getByRole('combobox')).toHaveTextContent('Grace Hopper');
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    expect(screen.getByRole('combobox')).toHaveTextContent('Grace Hopper');
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('status')).toHaveTextContent('ada');
    expect(screen.getByRole('combobox')).toHaveTextContent('Ada Lovelace');
  });

  it('does not open when disabled', async () => {
    renderWithProviders(<ReceivedBy disabled />);
    const trigger = screen.getByRole('combobox');
    expect(trigger).toBeDisabled();
    await userEvent.click(trigger);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('gives the portalled list the writing direction', async () => {
    renderWithProviders(<ReceivedBy />, { locale: 'ar-EG' });
    await userEvent.click(screen.getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    expect(listbox.closest('[data-slot="select-content"]')).toHaveAttribute('dir', 'rtl');
  });

  it('takes Field attributes on the trigger and reports its size', () => {
    const onBlur = vi.fn();
    const ref = { current: null as HTMLButtonElement | null };
    renderWithProviders(
      <>
        <ReceivedBy
          triggerProps={{ 'aria-invalid': true, 'aria-describedby': 'received-error', onBlur, ref, size: 'lg' }}
        />
        <p id="received-error">Please choose a member</p>
      </>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Received By' });
    expect(ref.current).toBe(trigger);
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAttribute('data-size', 'lg');
    expect(trigger).toHaveAccessibleDescription('Please choose a member');
    fireEvent.blur(trigger);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('submits the chosen value under its name', () => {
    let submitted: FormData | undefined;
    renderWithProviders(
      <form
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          submitted = new FormData(event.currentTarget);
        }}
      >
        <ReceivedBy name="receivedBy" defaultValue="grace" />
      </form>,
    );
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    expect(submitted?.get('receivedBy')).toBe('grace');
  });

  it('is labelled, described and marked invalid by a Field around the whole Select', () => {
    renderWithProviders(
      <Field label="Received By" description="Who took the call" error="Please choose a member">
        <Select>
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="ada">Ada Lovelace</SelectItem>
          </SelectContent>
        </Select>
      </Field>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Received By' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Who took the call Please choose a member');
  });
});
