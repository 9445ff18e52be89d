import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Label } from '../label/label';
import { Textarea, type TextareaProps } from './textarea';

function Note(props: TextareaProps) {
  return (
    <>
      <Label htmlFor="note">Note</Label>
      <Textarea id="note" {...props} />
    </>
  );
}

function Controlled({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <Note value={value} onChange={(event) => setValue(event.target.value.trimStart())} showCount maxLength={10} />;
}

describe('Textarea', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<Note className="custom" showCount maxLength={200} />);
    await expectConformance(screen.getByRole('textbox', { name: 'Note' }), { slot: 'textarea', className: 'custom' });
  });

  it('shows no count unless asked', () => {
    renderWithProviders(<Note maxLength={200} defaultValue="Called back" />);
    expect(screen.queryByText('11 / 200')).toBeNull();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-describedby');
  });

  it('counts as you type, uncontrolled, and describes the count in words', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Note showCount maxLength={200} defaultValue="Call" onChange={onChange} />);
    const textarea = screen.getByRole('textbox', { name: 'Note' });
    expect(screen.getByText('4 / 200')).toBeInTheDocument();
    await userEvent.type(textarea, 'ed back');
    expect(textarea).toHaveValue('Called back');
    expect(screen.getByText('11 / 200')).toBeInTheDocument();
    expect(textarea).toHaveAccessibleDescription('11 of 200 characters used');
    expect(onChange).toHaveBeenCalledTimes(7);
  });

  it('stops at maxLength', async () => {
    renderWithProviders(<Note showCount maxLength={5} />);
    await userEvent.type(screen.getByRole('textbox'), 'Follow up');
    expect(screen.getByRole('textbox')).toHaveValue('Follo');
    expect(screen.getByText('5 / 5')).toBeInTheDocument();
  });

  it('counts the controlled value, not the keystrokes', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.type(screen.getByRole('textbox'), '   hi');
    expect(screen.getByRole('textbox')).toHaveValue('hi');
    expect(screen.getByText('2 / 10')).toBeInTheDocument();
  });

  it('marks a value that is already too long', () => {
    renderWithProviders(<Controlled initial="a note that is far too long" />);
    const count = screen.getByText('27 / 10').closest('[data-slot="textarea-count"]');
    expect(count).toHaveAttribute('data-state', 'over');
  });

  it('counts without a maximum', async () => {
    renderWithProviders(<Note showCount />);
    await userEvent.type(screen.getByRole('textbox'), 'a');
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('1 character');
  });

  it('keeps the description Field gives it, and its ref', () => {
    const ref = { current: null as HTMLTextAreaElement | null };
    renderWithProviders(
      <>
        <Note ref={ref} showCount maxLength={20} aria-describedby="note-error" aria-invalid name="note" />
        <p id="note-error">Please enter notes!</p>
      </>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Note' });
    expect(ref.current).toBe(textarea);
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAttribute('name', 'note');
    expect(textarea).toHaveAccessibleDescription('Please enter notes! 0 of 20 characters used');
  });

  it('cannot be edited when disabled', async () => {
    renderWithProviders(<Note disabled defaultValue="x" showCount />);
    await userEvent.type(screen.getByRole('textbox'), 'y');
    expect(screen.getByRole('textbox')).toHaveValue('x');
  });
});
