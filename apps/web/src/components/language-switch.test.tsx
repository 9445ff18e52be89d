import { i18n } from '@parley/i18n';
import { renderWithProviders } from '@parley/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { LanguageSwitch } from './language-switch';

let reload: Mock<() => void>;

/** A screen as wide as `wide` says: the switch asks for `(min-width: 40rem)`. */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query === '(min-width: 40rem)',
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
}

const trigger = () => screen.getByRole('button', { name: /^Language / });

beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(async () => {
  localStorage.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

describe('LanguageSwitch (SPEC §2.6, §4)', () => {
  it('shows the interface language by name on a wide screen, by code on a narrow one', () => {
    screenWidth(true);
    const { unmount } = renderWithProviders(<LanguageSwitch />);
    expect(trigger()).toHaveAccessibleName('Language English (US)');
    unmount();
    screenWidth(false);
    renderWithProviders(<LanguageSwitch />);
    expect(trigger()).toHaveAccessibleName('Language English (US) EN');
  });

  it('shows the globe alone on a narrow screen when asked to, still named by the language', () => {
    screenWidth(false);
    const { container } = renderWithProviders(<LanguageSwitch narrow="icon" />);
    expect(trigger()).toHaveAccessibleName('Language English (US)');
    expect(container.querySelector('[data-display]')).toHaveAttribute('data-display', 'icon');
  });

  it('stores the picked language under `language` and reloads the page', async () => {
    screenWidth(true);
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(trigger());
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search languages' }), 'deutsch{Enter}');
    expect(localStorage.getItem('language')).toBe('de-DE');
    expect(reload).toHaveBeenCalledTimes(1);
    // The language changes with the reload, not in place.
    expect(i18n.language).toBe('en-US');
  });

  it('neither stores nor reloads when the current language is picked again', async () => {
    screenWidth(true);
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(trigger());
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search languages' }), 'english (us){Enter}');
    expect(localStorage.getItem('language')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers the pseudo-locale in a development build', async () => {
    screenWidth(true);
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(trigger());
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search languages' }), 'pseudo');
    expect(screen.getByRole('option')).toHaveAttribute('lang', 'en-XA');
  });
});
