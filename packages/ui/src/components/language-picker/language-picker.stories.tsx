import { LOCALES } from '@parley/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LanguagePicker } from './language-picker';

const meta = {
  title: 'Shell/LanguagePicker',
  component: LanguagePicker,
  args: { onValueChange: fn(), onOpenChange: fn(), defaultValue: 'en-US' },
  argTypes: { display: { control: 'inline-radio', options: ['name', 'code', 'icon'] } },
  decorators: [
    (Story) => (
      <div className="flex min-h-[28rem] justify-end">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LanguagePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAccessibleName('Language English (US)');
  },
};

/** Open: every interface language in its own script, each option marked with its `lang`. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Language/ }));
    const list = await body.findByRole('listbox', { name: 'Language' });
    const options = within(list).getAllByRole('option');
    await expect(options).toHaveLength(LOCALES.length);
    await expect(options.find((option) => option.getAttribute('lang') === 'ar-EG')).toHaveTextContent('العربية');
    await expect(within(list).getByRole('option', { selected: true })).toHaveAttribute('lang', 'en-US');
    await expect(body.getByRole('combobox', { name: 'Search languages' })).toHaveFocus();
  },
};

/** Open, with each language's share of the interface: those under 100% say so beside their name. */
export const OpenWithCoverage: Story = {
  args: { coverage: { 'en-US': 100, 'ar-EG': 100, 'de-DE': 100, 'it-IT': 100, 'bg-BG': 0, 'pl-PL': 8 } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Language/ }));
    const list = await body.findByRole('listbox', { name: 'Language' });
    const option = (code: string) =>
      within(list)
        .getAllByRole('option')
        .find((item) => item.getAttribute('lang') === code);
    await expect(option('bg-BG')).toHaveTextContent('Български · 0% translated');
    await expect(option('de-DE')).not.toHaveTextContent('translated');
  },
};

/** Type to filter, then press Enter to pick the first match. */
export const Search: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: /^Language/ }));
    await userEvent.type(await body.findByRole('combobox'), 'deutsch');
    await expect(body.getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('de-DE');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(canvas.getByRole('button')).toHaveAccessibleName('Language Deutsch');
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Language/ }));
    await userEvent.type(await body.findByRole('combobox'), 'klingon');
    await waitFor(() => expect(body.getByText('No matching language')).toBeVisible());
  },
};

/** Right-to-left current language: the native name keeps its own direction. */
export const ArabicSelected: Story = { args: { defaultValue: 'ar-EG' } };

export const CodeOnly: Story = {
  args: { display: 'code', defaultValue: 'pt-BR' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveTextContent('PT');
    await expect(button).toHaveAccessibleName('Language Português (Brasil) PT');
  },
};

export const IconOnly: Story = { args: { display: 'icon', defaultValue: 'ja-JP' } };

/** Without the search field the list takes focus; arrows, Home, End and letters move through it. */
export const WithoutSearch: Story = {
  args: { searchable: false },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Language/ }));
    const list = await body.findByRole('listbox');
    await waitFor(() => expect(list).toHaveFocus());
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('zh-TW');
  },
};

/** In a dark header the trigger takes the header's text colour. */
export const OnDarkHeader: Story = {
  render: (args) => (
    <div className="flex h-header w-full items-center justify-end bg-nav px-4 text-nav-foreground">
      <LanguagePicker {...args} />
    </div>
  ),
};

/** Controlled: the app keeps the value (and reloads the interface in the new language). */
export const Controlled: Story = {
  render: (args) => {
    const [locale, setLocale] = useState('fr-FR');
    return (
      <div className="grid content-start justify-items-end gap-2">
        <LanguagePicker {...args} value={locale} onValueChange={setLocale} />
        <output className="text-muted-foreground text-sm">Stored language: {locale}</output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: /^Language/ }));
    await userEvent.type(await body.findByRole('combobox'), 'italian{Enter}');
    await expect(canvas.getByRole('status')).toHaveTextContent('Stored language: it-IT');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toBeDisabled();
  },
};

/** In an Arabic interface the list keeps each name's own direction and the translated names are Arabic. */
export const ArabicInterface: Story = {
  args: { defaultValue: 'ar-EG' },
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button'));
    const list = await body.findByRole('listbox');
    await expect(within(list).getByRole('option', { selected: true })).toHaveAttribute('lang', 'ar-EG');
    await expect(body.getByRole('dialog')).toHaveAttribute('dir', 'rtl');
  },
};
