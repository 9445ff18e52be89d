import type { Meta, StoryObj } from '@storybook/react-vite';
import { getCountries } from 'libphonenumber-js/min';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Label } from '../label/label';
import { PhoneInput } from './phone-input';

const meta = {
  title: 'Inputs/PhoneInput',
  component: PhoneInput,
  args: { id: 'phone', defaultCountry: 'EG', onValueChange: fn(), onBlur: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Phone number</Label>
      <PhoneInput {...args} />
    </div>
  ),
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2.3: phone login. The value is E.164 whatever the caller types. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const number = canvas.getByRole('textbox', { name: 'Phone number' });
    await expect(canvas.getByRole('combobox', { name: 'Country code' })).toHaveTextContent('+20');
    await userEvent.type(number, '0100 123 4567');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+201001234567');
  },
};

export const ChooseCountry: Story = {
  args: { defaultValue: '+201001234567' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('combobox', { name: 'Country code' });
    await userEvent.click(trigger);
    await userEvent.click(await body.findByRole('option', { name: 'Israel +972' }));
    await expect(trigger).toHaveTextContent('+972');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+9721001234567');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

/** Pasting or autofilling a whole international number picks its country. */
export const PasteInternational: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const number = canvas.getByRole('textbox', { name: 'Phone number' });
    await userEvent.click(number);
    await userEvent.paste('+44 7400 123456');
    await expect(canvas.getByRole('combobox', { name: 'Country code' })).toHaveTextContent('+44');
    await expect(number).toHaveValue('7400123456');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+447400123456');
  },
};

export const WithValue: Story = { args: { defaultValue: '+12015550123' } };

/** Digits stay left to right, and aligned with the other fields, in right-to-left pages. */
export const RightToLeft: Story = {
  args: { defaultValue: '+201001234567' },
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('dir', 'ltr');
  },
};

/**
 * Every country libphonenumber-js knows, named in the interface language and in its
 * alphabetical order: here Arabic, opened on Egypt (and closed again).
 */
export const CountryListArabic: Story = {
  args: { defaultValue: '+201001234567' },
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('combobox', { name: 'رمز الدولة' });
    await expect(trigger).toHaveTextContent('مصر');
    await userEvent.click(trigger);
    const listbox = await body.findByRole('listbox');
    // Read straight from the DOM: role queries over a few hundred options are slow.
    const options = Array.from(listbox.querySelectorAll('[role="option"]'));
    await expect(options).toHaveLength(getCountries().length);
    const names = options.map((option) => option.textContent?.replace(/\s*\+\d+$/, '') ?? '');
    await expect(names).toEqual([...names].sort(new Intl.Collator('ar-EG').compare));
    await expect(names).toContain('كينيا');
    const egypt = options.find((option) => option.textContent === 'مصر +20');
    await expect(egypt).toHaveAttribute('aria-selected', 'true');
    await expect(egypt).toHaveFocus();
    // Closed again, so the page is checked as a person finds it (an open list hides the rest).
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveTextContent('مصر');
  },
};

export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };

export const Invalid: Story = {
  args: { defaultValue: '+20100', 'aria-invalid': true, 'aria-describedby': 'phone-error' },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={args.id}>Phone number</Label>
      <PhoneInput {...args} />
      <p id="phone-error" className="text-destructive text-sm">
        Phone number is invalid!
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const number = within(canvasElement).getByRole('textbox', { name: 'Phone number' });
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription('Phone number is invalid!');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '+201001234567' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Country code' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toBeDisabled();
  },
};

/** Sizes and states side by side, for visual regression. */
export const Grid: Story = {
  render: () => (
    <div className="grid max-w-sm gap-3">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <PhoneInput key={size} aria-label={`Phone ${size}`} size={size} defaultValue="+201001234567" />
      ))}
      <PhoneInput aria-label="Phone invalid" aria-invalid defaultValue="+20100" />
      <PhoneInput aria-label="Phone disabled" disabled defaultValue="+447400123456" />
    </div>
  ),
};
