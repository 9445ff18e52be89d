import { DEFAULT_PAGE_SETTINGS } from '@parley/ui/page-style-panel';
import { renderWithProviders } from '@parley/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageStyle } from './page-style';

describe('PageStyle', () => {
  it('shows only its button at first, then opens the panel on the first press and reports changes', async () => {
    const onSettingsChange = vi.fn();
    renderWithProviders(<PageStyle settings={DEFAULT_PAGE_SETTINGS} onSettingsChange={onSettingsChange} />);
    const button = screen.getByRole('button', { name: 'Open page style settings' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Page style setting' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Weak Mode' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, colorWeak: true });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const trigger = screen.getByRole('button', { name: 'Open page style settings' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });
});
