import { changeLocale } from '@parley/i18n';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCountries } from 'libphonenumber-js/min';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Field } from '../field/field';
import { Label } from '../label/label';
import { isValidPhoneNumber, PhoneInput, type PhoneInputProps } from './phone-input';

// The country list holds every country: jsdom takes its time over a few hundred options.
vi.setConfig({ testTimeout: 30_000 });
afterEach(async () => {
  await changeLocale('en-US');
});

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

/**
 * The options of the open list, read from the DOM: role queries over a few hundred options (every
 * country) take seconds in jsdom.
 */
function optionsOf(listbox: HTMLElement): HTMLElement[] {
  return Array.from(listbox.querySelectorAll<HTMLElement>('[role="option"]'));
}

/** The open list's option for a country, by its name. */
async function findOption(name: string): Promise<HTMLElement> {
  const listbox = await screen.findByRole('listbox');
  const option = within(listbox).getByText(name).closest<HTMLElement>('[role="option"]');
  if (!option) {
    throw new Error(`No option for ${name}`);
  }
  return option;
}

async function chooseCountry(name: string) {
  await userEvent.click(countrySelect());
  await userEvent.click(await findOption(name));
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
    expect(await findOption('Japan')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(countrySelect()).toHaveTextContent('+81');
    expect(countrySelect()).toHaveFocus();
  });

  it('chooses by typing a name on the closed, focused list', async () => {
    renderWithProviders(<Phone />);
    await userEvent.tab();
    expect(countrySelect()).toHaveFocus();
    await userEvent.keyboard('Japan');
    expect(countrySelect()).toHaveTextContent('Japan +81');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('offers every country libphonenumber-js knows, sorted by name, or the given countries', async () => {
    const { unmount } = renderWithProviders(<Phone />);
    await userEvent.click(countrySelect());
    const options = optionsOf(await screen.findByRole('listbox'));
    expect(options).toHaveLength(getCountries().length);
    const names = options.map((option) => option.textContent?.replace(/\s*\+\d+$/, '') ?? '');
    // Far beyond a short list of common countries, and with their calling codes.
    for (const country of ['Egypt', 'Portugal', 'Kenya', 'Fiji', 'Iceland', 'Uruguay', 'Vietnam', 'Åland Islands']) {
      expect(names).toContain(country);
    }
    expect(await findOption('Kenya')).toHaveTextContent(/^Kenya \+254$/);
    const collator = new Intl.Collator('en-US');
    expect(names).toEqual([...names].sort(collator.compare));
    unmount();

    renderWithProviders(<Phone countries={['FR', 'DE']} defaultCountry="FR" />);
    await userEvent.click(countrySelect());
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(2);
  });

  it('names the countries in the interface language, in its collation order', async () => {
    await changeLocale('ar-EG');
    renderWithProviders(<Phone defaultCountry="EG" />, { locale: 'ar-EG' });
    const arabicSelect = screen.getByRole('combobox', { name: 'رمز الدولة' });
    expect(arabicSelect).toHaveTextContent('مصر');
    await userEvent.click(arabicSelect);
    const options = optionsOf(await screen.findByRole('listbox'));
    expect(options).toHaveLength(getCountries().length);
    const names = options.map((option) => option.textContent?.replace(/\s*\+\d+$/, '') ?? '');
    const arabic = new Intl.DisplayNames(['ar-EG'], { type: 'region' });
    expect(names).toContain(arabic.of('KE'));
    expect(names).toEqual([...names].sort(new Intl.Collator('ar-EG').compare));
    expect(names[0]).toMatch(/^[\u0600-\u06FF]/);
  });

  it('picks the main country of a shared calling code for a pasted number it cannot place', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<Phone defaultCountry="EG" onValueChange={onValueChange} />);
    await userEvent.click(numberField());
    // '+1 555' could be any +1 country: the United States is +1's main one.
    await userEvent.paste('+1 555');
    expect(countrySelect()).toHaveTextContent('United States +1');
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

  it('shows the country of a given value, also outside a given list', () => {
    renderWithProviders(<Phone countries={['EG', 'US']} defaultValue="+351912345678" />);
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
    await userEvent.click(await findOption('Egypt'));
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
