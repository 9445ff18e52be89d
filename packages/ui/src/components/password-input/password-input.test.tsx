import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Label } from '../label/label';
import { PasswordInput, type PasswordInputProps, passwordStrength } from './password-input';

function Password(props: PasswordInputProps) {
  return (
    <>
      <Label htmlFor="password">Password</Label>
      <PasswordInput id="password" {...props} />
    </>
  );
}

function ControlledValue() {
  const [value, setValue] = useState('');
  return (
    <>
      <Password showStrength value={value} onChange={(event) => setValue(event.target.value)} />
      <button type="button" onClick={() => setValue('Tr0ub4dor&3xyz')}>
        Suggest
      </button>
    </>
  );
}

function ControlledVisibility() {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <Password visible={visible} onVisibleChange={setVisible} defaultValue="secret" />
      <output>{visible ? 'shown' : 'hidden'}</output>
    </>
  );
}

describe('passwordStrength', () => {
  it('has no rating for an empty password', () => {
    expect(passwordStrength('')).toBeUndefined();
  });

  it.each([
    ['a', 'one character'],
    ['Ab1!', 'every kind of character but only four of them'],
    ['Abcdef1', 'seven characters'],
    ['password', 'eight lower-case letters'],
    ['ABCDEFGH', 'eight capitals'],
    ['12345678', 'eight digits'],
    ['abcdefghijk', 'eleven letters of one kind'],
    ['aaaaaaaaaaaaaaaaaaaa', 'one character repeated'],
    ['abababababababab', 'two characters repeated'],
    ['Aa1!Aa1!Aa1!', 'four different characters repeated'],
    ['        ', 'spaces only'],
    ['🔒🔒🔒🔒🔒🔒🔒', 'seven emoji (fourteen UTF-16 units)'],
  ])('rates %j weak (%s)', (password) => {
    expect(passwordStrength(password)).toBe('weak');
  });

  it.each([
    ['Abcdef12', 'eight characters of three kinds'],
    ['password1', 'letters and a digit'],
    ['Passw0rd', 'three kinds at the minimum length'],
    ['abcdefghijkl', 'twelve letters of one kind'],
    ['correcthorsebattery', 'a long single-kind passphrase'],
    ['1234567890123456', 'sixteen digits'],
    ['كلمةسرقوية1', 'Arabic letters, which have no case, and a digit'],
  ])('rates %j medium (%s)', (password) => {
    expect(passwordStrength(password)).toBe('medium');
  });

  it.each([
    ['Password1!', 'all four kinds'],
    ['Ab1!🙂xyz', 'four kinds, with an emoji as the symbol'],
    ['correct horse battery staple', 'a long passphrase with spaces'],
    ['Correcthorsebattery', 'sixteen characters or more, of two kinds'],
    ['كلمة سر قوية 2024', 'a long Arabic passphrase with digits'],
  ])('rates %j strong (%s)', (password) => {
    expect(passwordStrength(password)).toBe('strong');
  });

  it('counts length in characters, not UTF-16 units', () => {
    // Seven emoji are fourteen UTF-16 units but only seven characters.
    expect('🙂🙃😀😁😂🤣😅'.length).toBe(14);
    expect(passwordStrength('🙂🙃😀😁😂🤣😅')).toBe('weak');
    expect(passwordStrength('🙂🙃😀😁😂🤣😅😆')).toBe('weak');
    expect(passwordStrength('🙂🙃😀😁😂🤣😅a')).toBe('medium');
  });

  it('grows stronger as a password gets longer', () => {
    expect(passwordStrength('abcdefg')).toBe('weak');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefgh1')).toBe('medium');
    expect(passwordStrength('abcdefgh1jkl')).toBe('medium');
    expect(passwordStrength('abcdefgh1jklmnop')).toBe('strong');
  });
});

describe('PasswordInput', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<Password className="custom" showStrength defaultValue="Password1!" />);
    const root = screen.getByLabelText('Password').closest<HTMLElement>('[data-slot="password-input"]');
    expect(root).not.toBeNull();
    await expectConformance(root as HTMLElement, { slot: 'password-input', className: 'custom' });
  });

  it('hides the password until the toggle is pressed, then hides it again', async () => {
    const onVisibleChange = vi.fn();
    renderWithProviders(<Password defaultValue="secret" onVisibleChange={onVisibleChange} />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveValue('secret');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(onVisibleChange.mock.calls).toEqual([[true], [false]]);
  });

  it('toggles from the keyboard, right after the field in tab order', async () => {
    renderWithProviders(<Password />);
    await userEvent.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.keyboard('hunter2');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveValue('hunter2');
  });

  it('lets the owner control visibility', async () => {
    renderWithProviders(<ControlledVisibility />);
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByRole('status')).toHaveTextContent('shown');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('starts visible with defaultVisible', () => {
    renderWithProviders(<Password defaultVisible defaultValue="x" />);
    expect(screen.getByRole('textbox', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('shows no meter unless asked', async () => {
    renderWithProviders(<Password />);
    const input = screen.getByLabelText('Password');
    await userEvent.type(input, 'Password1!');
    expect(screen.queryByText(/Strength/)).toBeNull();
    expect(input.closest('[data-slot="password-input"]')?.querySelector('[aria-live]')).toBeNull();
  });

  it('rates the password as it is typed, in a polite live region that describes the field', async () => {
    renderWithProviders(<Password showStrength />);
    const input = screen.getByLabelText('Password');
    const meter = input.closest('[data-slot="password-input"]')?.querySelector('[data-slot="password-strength"]');
    expect(meter).toHaveAttribute('aria-live', 'polite');
    expect(meter).toHaveAttribute('data-strength', 'none');
    expect(meter).toHaveTextContent('');
    await userEvent.type(input, 'abc');
    expect(meter).toHaveTextContent('Strength: Weak');
    await userEvent.type(input, 'defgh1');
    expect(meter).toHaveTextContent('Strength: Medium');
    await userEvent.type(input, 'XYZ!');
    expect(meter).toHaveTextContent('Strength: Strong');
    expect(meter).toHaveAttribute('data-strength', 'strong');
    expect(input).toHaveAccessibleDescription('Strength: Strong');
    await userEvent.clear(input);
    expect(meter).toHaveTextContent('');
  });

  it("rates with the caller's rater when one is given", async () => {
    const rate = (value: string) => (value === '' ? undefined : value.includes('horse') ? 'strong' : 'medium');
    renderWithProviders(<Password showStrength rateStrength={rate} />);
    const input = screen.getByLabelText('Password');
    await userEvent.type(input, 'abc');
    expect(screen.getByText('Strength: Medium')).toBeInTheDocument();
    await userEvent.type(input, 'horse');
    expect(screen.getByText('Strength: Strong')).toBeInTheDocument();
  });

  it('rates a controlled value, including one set from outside', async () => {
    renderWithProviders(<ControlledValue />);
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByText('Strength: Weak')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Suggest' }));
    expect(screen.getByLabelText('Password')).toHaveValue('Tr0ub4dor&3xyz');
    expect(screen.getByText('Strength: Strong')).toBeInTheDocument();
  });

  it('suggests a new password to password managers when it shows the meter', () => {
    const { rerender } = renderWithProviders(<Password />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    rerender(<Password showStrength />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('passes Field attributes and its ref to the text field, keeping the meter in the description', () => {
    const ref = { current: null as HTMLInputElement | null };
    const onBlur = vi.fn();
    renderWithProviders(
      <>
        <Password
          ref={ref}
          name="password"
          onBlur={onBlur}
          aria-invalid
          aria-describedby="password-error"
          showStrength
          defaultValue="abc"
        />
        <p id="password-error">Please input your password!</p>
      </>,
    );
    const input = screen.getByLabelText('Password');
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please input your password! Strength: Weak');
    input.focus();
    input.blur();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('disables the toggle with the field', () => {
    renderWithProviders(<Password disabled />);
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
  });
});
