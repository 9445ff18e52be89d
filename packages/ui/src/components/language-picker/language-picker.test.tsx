import { LOCALES } from '@parley/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { LanguagePicker } from './language-picker';

const trigger = () => screen.getByRole('button', { name: /^Language / });

/** Finds an option by its lang attribute; naming 50 options by role is slow in jsdom. */
function optionFor(code: string): HTMLElement {
  const option = screen.getAllByRole('option').find((element) => element.getAttribute('lang') === code);
  if (!option) {
    throw new Error(`No option for ${code}`);
  }
  return option;
}

function ControlledPicker() {
  const [value, setValue] = useState('de-DE');
  return (
    <>
      <LanguagePicker value={value} onValueChange={(code) => setValue(code === 'ja-JP' ? 'ko-KR' : code)} />
      <output>{value}</output>
    </>
  );
}

describe('LanguagePicker', () => {
  it('conforms', async () => {
    renderWithProviders(<LanguagePicker className="custom" />);
    await expectConformance(trigger(), { slot: 'language-picker', className: 'custom' });
  });

  it("looks the languages' names up only when the list first opens (a long task at start-up otherwise)", async () => {
    const DisplayNames = vi.spyOn(Intl, 'DisplayNames');
    try {
      renderWithProviders(<LanguagePicker />);
      expect(trigger()).toBeVisible();
      expect(DisplayNames).not.toHaveBeenCalled();
      await userEvent.click(trigger());
      await screen.findByRole('listbox');
      expect(DisplayNames).toHaveBeenCalled();
    } finally {
      DisplayNames.mockRestore();
    }
  });

  it('says how much of the interface a language translates when it is not all', async () => {
    renderWithProviders(<LanguagePicker coverage={{ 'en-US': 100, 'de-DE': 100, 'pl-PL': 8 }} />);
    await userEvent.click(trigger());
    await screen.findByRole('listbox');
    expect(optionFor('pl-PL')).toHaveTextContent('Polski · 8% translated');
    expect(optionFor('de-DE')).toHaveTextContent(/^Deutsch/);
    expect(optionFor('de-DE')).not.toHaveTextContent('translated');
    // A language without a catalogue translates nothing.
    expect(optionFor('bg-BG')).toHaveTextContent('0% translated');
  });

  it('shows the interface language by default, named in its own language', () => {
    renderWithProviders(<LanguagePicker />);
    expect(trigger()).toHaveAccessibleName('Language English (US)');
    expect(within(trigger()).getByText('English (US)')).toHaveAttribute('lang', 'en-US');
  });

  it('lists every locale with its lang attribute and checks the current one', async () => {
    renderWithProviders(<LanguagePicker defaultValue="de-DE" />);
    await userEvent.click(trigger());
    // The panel's code loads on first use.
    const options = within(await screen.findByRole('listbox', { name: 'Language' })).getAllByRole('option');
    expect(options).toHaveLength(LOCALES.length);
    for (const [index, locale] of LOCALES.entries()) {
      expect(options[index]).toHaveAttribute('lang', locale.code);
      expect(options[index]).toHaveTextContent(locale.nativeName);
    }
    expect(screen.getByRole('option', { selected: true })).toHaveAttribute('lang', 'de-DE');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);
  });

  it('opens and closes with its button, telling assistive technology which panel it controls', async () => {
    renderWithProviders(<LanguagePicker />);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(trigger());
    const panel = await screen.findByRole('dialog', { name: 'Language' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', panel.id);
    // A click on the button while the list is open closes it (it does not dismiss and open again).
    await userEvent.click(trigger());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
  });

  it('closes on a click elsewhere and leaves focus where the person went', async () => {
    renderWithProviders(
      <>
        <LanguagePicker />
        <input aria-label="Elsewhere" />
      </>,
    );
    await userEvent.click(trigger());
    await screen.findByRole('dialog', { name: 'Language' });
    await userEvent.click(screen.getByRole('textbox', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('focuses the search field on open and filters by native name, English name or code, ignoring accents', async () => {
    renderWithProviders(<LanguagePicker />);
    await userEvent.click(trigger());
    const search = screen.getByRole('combobox', { name: 'Search languages' });
    expect(search).toHaveFocus();
    await userEvent.type(search, 'espanol');
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('lang'))).toEqual(['es-ES']);
    await userEvent.clear(search);
    await userEvent.type(search, 'arabic');
    expect(screen.getByRole('option')).toHaveTextContent('العربية');
    await userEvent.clear(search);
    await userEvent.type(search, 'pt-');
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('lang'))).toEqual(['pt-BR', 'pt-PT']);
  });

  it('picks with the keyboard, closes, returns focus and shows the new language', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<LanguagePicker onValueChange={onValueChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const search = screen.getByRole('combobox');
    await userEvent.type(search, 'fr');
    expect(search).toHaveAttribute('aria-activedescendant', optionFor('fr-FR').id);
    await userEvent.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('fr-FR');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger()).toHaveFocus();
    expect(trigger()).toHaveAccessibleName('Language Français');
  });

  it('moves the active option with the arrow keys, wrapping at the ends', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<LanguagePicker onValueChange={onValueChange} />);
    await userEvent.click(trigger());
    await userEvent.keyboard('{ArrowUp}');
    // en-US is first, so going up wraps to the last locale.
    const last = LOCALES[LOCALES.length - 1];
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-activedescendant', optionFor(last?.code ?? '').id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith(LOCALES[1]?.code);
  });

  it('picks with the mouse', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<LanguagePicker onValueChange={onValueChange} />);
    await userEvent.click(trigger());
    await userEvent.click(optionFor('he-IL'));
    expect(onValueChange).toHaveBeenCalledWith('he-IL');
    expect(trigger()).toHaveAccessibleName('Language עברית');
  });

  it('does not report picking the language that is already current', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<LanguagePicker value="en-US" onValueChange={onValueChange} />);
    await userEvent.click(trigger());
    await userEvent.keyboard('{Enter}');
    expect(onValueChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('follows the value prop when controlled', async () => {
    renderWithProviders(<ControlledPicker />);
    expect(trigger()).toHaveAccessibleName('Language Deutsch');
    await userEvent.click(trigger());
    await userEvent.type(screen.getByRole('combobox'), 'japanese{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('ko-KR');
    expect(trigger()).toHaveAccessibleName('Language 한국어');
  });

  it('says so when nothing matches', async () => {
    renderWithProviders(<LanguagePicker />);
    await userEvent.click(trigger());
    await userEvent.type(screen.getByRole('combobox'), 'klingon');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No matching language')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('No matching language')).toBeInTheDocument();
  });

  it('closes with Escape and clears the search', async () => {
    renderWithProviders(<LanguagePicker />);
    await userEvent.click(trigger());
    await userEvent.type(screen.getByRole('combobox'), 'fin');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveFocus();
    await userEvent.click(trigger());
    expect(screen.getByRole('combobox')).toHaveValue('');
  });

  it('without search, focuses the list and supports Home, End and typeahead', async () => {
    const onValueChange = vi.fn();
    renderWithProviders(<LanguagePicker searchable={false} onValueChange={onValueChange} />);
    await userEvent.click(trigger());
    const list = screen.getByRole('listbox');
    expect(list).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(list).toHaveAttribute('aria-activedescendant', optionFor('zh-TW').id);
    await userEvent.keyboard('{Home}');
    expect(list).toHaveAttribute('aria-activedescendant', optionFor('en-US').id);
    // Typeahead matches the native or the translated name, as both are shown: Spanish, then Suomi.
    await userEvent.keyboard('s');
    expect(list).toHaveAttribute('aria-activedescendant', optionFor('es-ES').id);
    await userEvent.keyboard('s');
    expect(list).toHaveAttribute('aria-activedescendant', optionFor('fi-FI').id);
    await userEvent.keyboard(' ');
    expect(onValueChange).toHaveBeenCalledWith('fi-FI');
  });

  it('shows the short code or only the globe when asked, keeping the name for screen readers', () => {
    const { rerender } = renderWithProviders(<LanguagePicker value="de-DE" display="code" />);
    expect(trigger()).toHaveTextContent('DE');
    // The visible code is part of the name, so speech-input users can say what they see.
    expect(trigger()).toHaveAccessibleName('Language Deutsch DE');
    rerender(<LanguagePicker value="de-DE" display="icon" />);
    expect(trigger()).toHaveAccessibleName('Language Deutsch');
  });

  it('offers only the given locales', async () => {
    renderWithProviders(<LanguagePicker locales={LOCALES.filter((locale) => locale.code.startsWith('en'))} />);
    await userEvent.click(trigger());
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});
