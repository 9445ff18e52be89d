import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Field } from '../field/field';
import { Label } from '../label/label';
import { isValidPhoneNumber, PhoneInput, type PhoneInputProps } from './phone-input';

function Phone(props: PhoneInputProps) {
  return (
    <>
      <Label htmlFor="phone">Phone number</Label>
      <PhoneInput id="phone" {...props} />
    </>
  );
}

function Controlled({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Phone value={value} onValueChange={setValue} />
      <output>{value}</output>
      <button type="button" onClick={() => setValue('+447400123456')}>
        Use office number
      </button>
    </>
  );
}

const numberField = () => screen.getByRole('textbox', { name: 'Phone number' });
const countrySelect = () => screen.getByRole('combobox', { name: 'Country code' });

async function chooseCountry(name: string) {
  await userEvent.click(countrySelect());
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name} `) }));
}

describe('isValidPhoneNumber', () => {
  it.each([
    ['+201001234567', 'an Egyptian mobile'],
    ['+12015550123', 'a US number'],
    ['+447400123456', 'a UK mobile'],
    ['+972501234567', 'an Israeli mobile'],
    ['+33612345678', 'a French mobile'],
    ['+8613800138000', 'a Chinese mobile'],
    ['+989121234567', 'an Iranian mobile'],
    ['+20 100 123 4567', 'an E.164 number with spaces'],
  ])('accepts %s (%s)', (value) => {
    expect(isValidPhoneNumber(value)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['+', 'a bare plus'],
    ['+20100', 'too short'],
    ['+2010012345678901', 'too long'],
    ['+999123456789', 'an unknown calling code'],
    ['not a phone', 'words'],
    ['2015550123', 'a national number without a country'],
  ])('rejects %j (%s)', (value) => {
    expect(isValidPhoneNumber(value)).toBe(false);
  });

  it('rejects null and undefined, as an empty form field gives', () => {
    expect(isValidPhoneNumber(undefined)).toBe(false);
    expect(isValidPhoneNumber(null)).toBe(false);
  });

  it('reads a national number in the given country', () => {
    expect(isValidPhoneNumber('01001234567', 'EG')).toBe(true);
    expect(isValidPhoneNumber('(201) 555-0123', 'US')).toBe(true);
    expect(isValidPhoneNumber('01001234567', 'US')).toBe(false);
    expect(isValidPhoneNumber('123', 'US')).toBe(false);
  });
});

describe('PhoneInput', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<Phone className="custom" defaultValue="+201001234567" />);
    const root = numberField().closest<HTMLElement>('[data-slot="phone-input"]');
    expect(root).not.toBeNull();
    await expectConformance(root as HTMLElement, { slot: 'phone-input', className: 'custom' });
  });

  it('starts on the default country and reports E.164 as the number is typed', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<Phone defaultCountry="EG" onValueChange={onValueChange} />);
    expect(countrySelect()).toHaveTextContent('Egypt +20');
    await userEvent.type(numberField(), '0100 123 4567');
    expect(numberField()).toHaveValue('0100 123 4567');
    expect(onValueChange).toHaveBeenLastCalledWith('+201001234567');
    await userEvent.clear(numberField());
    expect(onValueChange).toHaveBeenLastCalledWith('');
  });

  it('defaults to the United States', () => {
    renderWithProviders(<Phone />);
    expect(countrySelect()).toHaveTextContent('+1');
  });

  it('re-computes the value when another country is chosen', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<Phone onValueChange={onValueChange} />);
    await userEvent.type(numberField(), '7400123456');
    expect(onValueChange).toHaveBeenLastCalledWith('+17400123456');
    await chooseCountry('United Kingdom');
    expect(countrySelect()).toHaveTextContent('+44');
    expect(onValueChange).toHaveBeenLastCalledWith('+447400123456');
  });

  it('chooses the country with the keyboard, by typing its name', async () => {
    renderWithProviders(<Phone />);
    countrySelect().focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('Japan');
    expect(screen.getByRole('option', { name: 'Japan +81' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(countrySelect()).toHaveTextContent('+81');
    expect(countrySelect()).toHaveFocus();
  });

  it('offers a short list sorted by name, or the given countries', async () => {
    const { unmount } = renderWithProviders(<Phone />);
    await userEvent.click(countrySelect());
    const names = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent?.replace(/\s*\+\d+$/, ''));
    for (const country of ['Egypt', 'Israel', 'Iran', 'China', 'United States', 'United Kingdom', 'France']) {
      expect(names).toContain(country);
    }
    for (const country of ['Germany', 'Spain', 'Brazil', 'Japan', 'Russia', 'Türkiye', 'India']) {
      expect(names).toContain(country);
    }
    expect(names).toEqual([...names].sort((first, second) => (first ?? '').localeCompare(second ?? '')));
    unmount();

    renderWithProviders(<Phone countries={['FR', 'DE']} defaultCountry="FR" />);
    await userEvent.click(countrySelect());
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(2);
  });

  it('shows a controlled value split into country and number, and follows outside changes', async () => {
    renderWithProviders(<Controlled initial="+201001234567" />);
    expect(countrySelect()).toHaveTextContent('Egypt +20');
    expect(numberField()).toHaveValue('1001234567');
    await userEvent.type(numberField(), '8');
    expect(screen.getByRole('status')).toHaveTextContent('+2010012345678');
    await userEvent.click(screen.getByRole('button', { name: 'Use office number' }));
    expect(countrySelect()).toHaveTextContent('United Kingdom +44');
    expect(numberField()).toHaveValue('7400123456');
  });

  it('adds a country outside the short list when the value needs it', () => {
    renderWithProviders(<Phone defaultValue="+351912345678" />);
    expect(countrySelect()).toHaveTextContent('Portugal +351');
    expect(numberField()).toHaveValue('912345678');
  });

  it('moves the calling code of a pasted international number into the country select', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<Phone defaultCountry="EG" onValueChange={onValueChange} />);
    await userEvent.click(numberField());
    await userEvent.paste('+44 7400 123456');
    expect(countrySelect()).toHaveTextContent('+44');
    expect(numberField()).toHaveValue('7400123456');
    expect(onValueChange).toHaveBeenLastCalledWith('+447400123456');
  });

  it('keeps a typed international number as it is until the field is left', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(
      <>
        <Phone onValueChange={onValueChange} />
        <button type="button">Send</button>
      </>,
    );
    await userEvent.type(numberField(), '+33 612345678');
    expect(numberField()).toHaveValue('+33 612345678');
    expect(onValueChange).toHaveBeenLastCalledWith('+33612345678');
    const callsBeforeLeaving = onValueChange.mock.calls.length;
    await userEvent.tab();
    expect(countrySelect()).toHaveTextContent('France +33');
    expect(numberField()).toHaveValue('612345678');
    // The number itself did not change, so there is nothing new to report.
    expect(onValueChange).toHaveBeenCalledTimes(callsBeforeLeaving);
  });

  it('ignores letters', async () => {
    renderWithProviders(<Phone />);
    await userEvent.type(numberField(), '2a0b1');
    expect(numberField()).toHaveValue('201');
  });

  it('keeps the digits left to right in right-to-left pages', () => {
    renderWithProviders(<Phone defaultValue="+201001234567" />, { locale: 'ar-EG' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(numberField()).toHaveAttribute('dir', 'ltr');
    expect(numberField()).toHaveAttribute('type', 'tel');
    expect(numberField()).toHaveAttribute('autocomplete', 'tel');
  });

  it('names the number field itself when nothing else does', () => {
    renderWithProviders(<PhoneInput />);
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
  });

  it('calls onBlur once focus leaves the field, not when it moves into the country list', async () => {
    const onBlur = vi.fn();
    renderWithProviders(
      <>
        <Phone onBlur={onBlur} />
        <button type="button">Send</button>
      </>,
    );
    await userEvent.click(numberField());
    await userEvent.click(countrySelect());
    await userEvent.click(await screen.findByRole('option', { name: 'Egypt +20' }));
    expect(onBlur).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('takes Field attributes and its ref on the number field, and submits E.164 under its name', async () => {
    const ref = { current: null as HTMLInputElement | null };
    let submitted: FormData | undefined;
    renderWithProviders(
      <form
        aria-label="Recipient"
        onSubmit={(event) => {
          event.preventDefault();
          submitted = new FormData(event.currentTarget);
        }}
      >
        <Field label="Phone" error="Phone number is invalid!">
          <PhoneInput ref={ref} name="phone" defaultCountry="EG" />
        </Field>
      </form>,
    );
    const field = screen.getByRole('textbox', { name: 'Phone' });
    expect(ref.current).toBe(field);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Phone number is invalid!');
    expect(countrySelect()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, '01001234567');
    fireEvent.submit(screen.getByRole('form', { name: 'Recipient' }));
    expect(submitted?.get('phone')).toBe('+201001234567');
  });

  it('disables both parts', () => {
    renderWithProviders(<Phone disabled />);
    expect(numberField()).toBeDisabled();
    expect(countrySelect()).toBeDisabled();
  });
});
