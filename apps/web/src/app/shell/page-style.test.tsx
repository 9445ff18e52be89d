import { AppShell } from '@parley/ui/app-shell';
import { DEFAULT_PAGE_SETTINGS, type PageSettings } from '@parley/ui/page-style-panel';
import { renderWithProviders } from '@parley/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageStyle, PageStyleDrawerEntry, usePageStyleOpen } from './page-style';

/** Wired as the basic layout does it: the gear among the header's actions, the entry in the phone drawer. */
function Shell({ onSettingsChange }: { onSettingsChange: (settings: PageSettings) => void }) {
  const pageStyle = usePageStyleOpen();
  return (
    <AppShell
      menu={
        <ul>
          <li>
            <a href="#dashboard">Dashboard</a>
          </li>
        </ul>
      }
      headerActions={
        <PageStyle settings={DEFAULT_PAGE_SETTINGS} onSettingsChange={onSettingsChange} control={pageStyle} />
      }
      drawerFooter={<PageStyleDrawerEntry control={pageStyle} />}
    />
  );
}

describe('PageStyle', () => {
  it('shows only its gear in the header at first, then opens the panel on the first press and reports changes', async () => {
    const onSettingsChange = vi.fn();
    renderWithProviders(<Shell onSettingsChange={onSettingsChange} />);
    const gear = within(screen.getByRole('banner')).getByRole('button', { name: 'Open page style settings' });
    expect(gear).toHaveAttribute('aria-haspopup', 'dialog');
    expect(gear).toHaveAttribute('aria-expanded', 'false');
    // Among the header's actions, not floating over the page.
    expect(gear).toHaveAttribute('data-variant', 'header');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(gear);
    const dialog = await screen.findByRole('dialog', { name: 'Page style setting' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Weak Mode' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, colorWeak: true });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const trigger = screen.getByRole('button', { name: 'Open page style settings' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('opens from the phone menu drawer, closing the drawer, and gives focus back to the menu button', async () => {
    renderWithProviders(<Shell onSettingsChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Main menu' });
    const entry = within(drawer).getByRole('button', { name: 'Page style' });
    expect(entry).toHaveAttribute('aria-haspopup', 'dialog');

    await userEvent.click(entry);
    const panel = await screen.findByRole('dialog', { name: 'Page style setting' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull());
    await waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });
});
