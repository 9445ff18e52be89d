import { useTranslation } from '@parley/i18n';
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber as isValidPhoneNumberForCountry,
} from 'libphonenumber-js/min';
// The same metadata the functions above use (no second copy in the bundle).
import metadata from 'libphonenumber-js/min/metadata';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Input, type InputProps } from '../input/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select/select';

/**
 * The countries the calling-code list offers by default: every one libphonenumber-js knows, so
 * no caller's country is missing. The list shows them by their names in the interface language.
 */
const PHONE_COUNTRIES: readonly CountryCode[] = getCountries();

/** The main country of a calling code (the United States for +1, Russia for +7), as the metadata says. */
function mainCountryOf(callingCode: string): CountryCode | undefined {
  return metadata.country_calling_codes[callingCode]?.[0];
}

/**
 * Whether a phone number is valid (SPEC §5: 'Phone number is invalid!'). Takes E.164
 * (`+201001234567`) or, with `defaultCountry`, a national number. Empty is not valid.
 */
function isValidPhoneNumber(value: string | null | undefined, defaultCountry?: CountryCode): boolean {
  if (!value) {
    return false;
  }
  try {
    return isValidPhoneNumberForCountry(value, defaultCountry);
  } catch {
    return false;
  }
}

/**
 * The E.164 value of a national number as typed so far ('' when there are no digits). Text that
 * starts with '+' is already international and keeps its own calling code.
 */
function composePhoneValue(country: CountryCode, national: string): string {
  const digits = national.replace(/\D/g, '');
  if (digits === '') {
    return '';
  }
  if (national.trimStart().startsWith('+')) {
    return `+${digits}`;
  }
  const typer = new AsYouType(country);
  typer.input(digits);
  return typer.getNumberValue() ?? `+${getCountryCallingCode(country)}${digits}`;
}

/**
 * Splits an international number into a country and the digits after its calling code. A number
 * whose calling code is not (yet) known stays whole, as the national text.
 */
function splitPhoneValue(value: string, preferredCountry: CountryCode): { country: CountryCode; national: string } {
  const digits = value.replace(/\D/g, '');
  const typer = new AsYouType();
  typer.input(`+${digits}`);
  const callingCode = typer.getCallingCode();
  if (callingCode === undefined) {
    return { country: preferredCountry, national: value.trim() };
  }
  const country =
    typer.getCountry() ??
    (getCountryCallingCode(preferredCountry) === callingCode ? preferredCountry : mainCountryOf(callingCode)) ??
    preferredCountry;
  return { country, national: digits.slice(callingCode.length) };
}

interface PhoneState {
  country: CountryCode;
  national: string;
  /** The E.164 value this state stands for, to notice when a controlling owner changes it. */
  value: string;
}

type PhoneInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type'> & {
  /** The number in E.164, such as `+201001234567` (controlled); '' when empty. */
  value?: string;
  /** The starting number in E.164 (uncontrolled). */
  defaultValue?: string;
  /** Called with the E.164 value as the number or country changes; '' when the number is cleared. */
  onValueChange?: (value: string) => void;
  /** The country chosen at first when the value does not say; 'US' by default. */
  defaultCountry?: CountryCode;
  /** The countries offered, in any order (they are sorted by name); every country by default. */
  countries?: readonly CountryCode[];
  /** Called when focus leaves the whole phone field (the country list included). */
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
};

/**
 * A country calling-code select and a national number field that together give an E.164 value.
 * Field attributes (`id`, `aria-*`, `onBlur`, `ref`) go to the number field, which is always
 * left-to-right; `name` submits the E.164 value. A pasted or autofilled `+…` number picks its
 * country.
 */
function PhoneInput({
  value,
  defaultValue,
  onValueChange,
  defaultCountry = 'US',
  countries = PHONE_COUNTRIES,
  name,
  id,
  size,
  disabled,
  className,
  onBlur,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-invalid': ariaInvalid,
  ...props
}: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const [countryListOpen, setCountryListOpen] = React.useState(false);
  const [phoneValue, setPhoneValue] = useControllableState(value, defaultValue ?? '', onValueChange);
  // The country and the number as typed: the E.164 value cannot say them (calling codes are
  // shared, spacing is dropped), so they are kept here and re-read when the value moves away.
  const [state, setState] = React.useState<PhoneState>(() => ({
    ...splitPhoneValue(phoneValue, defaultCountry),
    value: phoneValue,
  }));
  if (phoneValue !== state.value) {
    setState({ ...splitPhoneValue(phoneValue, state.country), value: phoneValue });
  }

  const countryNames = React.useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const options = React.useMemo(() => {
    const codes = countries.includes(state.country) ? countries : [...countries, state.country];
    const collator = new Intl.Collator(i18n.language);
    return codes
      .map((code) => ({ code, name: countryNames.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
      .sort((first, second) => collator.compare(first.name, second.name));
  }, [countries, state.country, countryNames, i18n.language]);

  function update(country: CountryCode, national: string) {
    const nextValue = composePhoneValue(country, national);
    setState({ country, national, value: nextValue });
    setPhoneValue(nextValue);
  }

  // Radix renders every item even while the list is closed; with every country that is a few
  // hundred. Until the person comes near the list (points at, focuses or opens it) only the chosen
  // country is there; the items are kept the same between keystrokes, so typing does not redo them.
  const [allCountries, setAllCountries] = React.useState(false);
  const showAllCountries = React.useCallback(() => setAllCountries(true), []);
  const latest = React.useRef({ update, national: state.national });
  latest.current = { update, national: state.national };
  const chooseCountry = React.useCallback(
    (country: string) => latest.current.update(country as CountryCode, latest.current.national),
    [],
  );
  const countryItems = React.useMemo(
    () =>
      options.map((option) => (
        <SelectItem key={option.code} value={option.code} textValue={option.name}>
          {option.name}{' '}
          <span dir="ltr" className="text-muted-foreground">
            +{option.callingCode}
          </span>
        </SelectItem>
      )),
    [options],
  );
  const shownItems = React.useMemo(
    () => (allCountries || countryListOpen ? countryItems : countryItems.filter((item) => item.key === state.country)),
    [allCountries, countryListOpen, countryItems, state.country],
  );

  /** Moves a whole '+…' number's calling code into the country select, when the code is known. */
  function splitInternational(text: string) {
    const split = splitPhoneValue(text, state.country);
    update(split.country, split.national);
  }

  function handleNumberChange(event: React.ChangeEvent<HTMLInputElement>) {
    const text = event.target.value.replace(/[^\d\s()+.-]/g, '');
    const pastedInternational = text.trimStart().startsWith('+') && text.length - state.national.length > 1;
    if (pastedInternational) {
      splitInternational(text);
      return;
    }
    update(state.country, text);
  }

  function handleGroupBlur(event: React.FocusEvent<HTMLFieldSetElement>) {
    const focusStaysInside = event.currentTarget.contains(event.relatedTarget as Node | null);
    // The country list is portalled; moving into it does not leave the field.
    if (focusStaysInside || countryListOpen) {
      return;
    }
    if (state.national.trimStart().startsWith('+')) {
      splitInternational(state.national);
    }
    onBlur?.(event);
  }

  const selected = options.find((option) => option.code === state.country);
  const invalid = ariaInvalid !== undefined && ariaInvalid !== false && ariaInvalid !== 'false';

  return (
    <fieldset
      data-slot="phone-input"
      disabled={disabled}
      className={cn('flex w-full min-w-0', className)}
      onBlur={handleGroupBlur}
    >
      <Select
        value={state.country}
        onValueChange={chooseCountry}
        open={countryListOpen}
        onOpenChange={setCountryListOpen}
        disabled={disabled}
      >
        <SelectTrigger
          data-slot="phone-input-country"
          size={size}
          aria-label={t('ui.phone.country')}
          aria-invalid={invalid || undefined}
          className="w-auto shrink-0 rounded-e-none focus-visible:z-10"
          onFocus={showAllCountries}
          onPointerEnter={showAllCountries}
          onPointerDown={showAllCountries}
        >
          <SelectValue>
            {selected ? (
              <>
                <span className="sr-only">{selected.name} </span>
                <span dir="ltr">+{selected.callingCode}</span>
              </>
            ) : null}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>{shownItems}</SelectContent>
      </Select>
      <Input
        data-slot="phone-input-number"
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        size={size}
        disabled={disabled}
        value={state.national}
        onChange={handleNumberChange}
        aria-label={ariaLabel ?? (id === undefined && ariaLabelledBy === undefined ? t('ui.phone.number') : undefined)}
        aria-labelledby={ariaLabelledBy}
        aria-invalid={ariaInvalid}
        className="-ms-px rounded-s-none focus-visible:z-10 rtl:text-end"
        {...props}
      />
      {name === undefined ? null : <input type="hidden" name={name} value={state.value} disabled={disabled} />}
    </fieldset>
  );
}

export { isValidPhoneNumber, PHONE_COUNTRIES, PhoneInput, type PhoneInputProps };
