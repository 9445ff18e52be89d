import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { DEFAULT_PAGE_SETTINGS, type PageSettings } from './page-settings';
import { PageStylePanel } from './page-style-panel';

async function openPanel() {
  await userEvent.click(screen.getByRole('button', { name: 'Open page style settings' }));
  return screen.getByRole('dialog', { name: 'Page style setting' });
}

/** Holds the settings as the app does, and reports each change. */
function SettingsOwner({ onSettingsChange }: { onSettingsChange?: (settings: PageSettings) => void }) {
  const [settings, setSettings] = useState<PageSettings>(DEFAULT_PAGE_SETTINGS);
  return (
    <PageStylePanel
      defaultOpen
      settings={settings}
      onSettingsChange={(next) => {
        setSettings(next);
        onSettingsChange?.(next);
      }}
    />
  );
}

describe('PageStylePanel', () => {
  it('conforms', async () => {
    renderWithProviders(<PageStylePanel defaultOpen className="custom" />);
    await expectConformance(screen.getByRole('dialog'), { slot: 'page-style-panel', className: 'custom' });
  });

  it('opens from the floating button and closes back to it', async () => {
    renderWithProviders(<PageStylePanel />);
    const dialog = await openPanel();
    expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open page style settings' })).toHaveFocus();
  });

  it('shows the SPEC §9 defaults', async () => {
    renderWithProviders(<PageStylePanel />);
    const dialog = await openPanel();
    expect(within(dialog).getByRole('radio', { name: 'Dark style' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Volcano' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Top Menu Layout' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Fixed' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Fixed Header' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Fixed Sidebar' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Hidden Header when scrolling' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Weak Mode' })).not.toBeChecked();
  });

  it('groups the choices under named radio groups, with a named radio per swatch', async () => {
    renderWithProviders(<PageStylePanel defaultOpen />);
    const colours = screen.getByRole('radiogroup', { name: 'Theme Color' });
    expect(
      within(colours)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual([
      'Dust Red',
      'Volcano',
      'Sunset Orange',
      'Cyan',
      'Polar Green',
      'Daybreak Blue',
      'Geek Blue',
      'Golden Purple',
    ]);
    expect(screen.getByRole('radiogroup', { name: 'Navigation theme' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Navigation Mode' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Content Width' })).toBeInTheDocument();
  });

  it('emits the whole next settings object for each change', async () => {
    const onSettingsChange = vi.fn();
    renderWithProviders(
      <PageStylePanel defaultOpen settings={DEFAULT_PAGE_SETTINGS} onSettingsChange={onSettingsChange} />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Light style' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, navTheme: 'light' });
    await userEvent.click(screen.getByRole('radio', { name: 'Geek Blue' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, primaryColor: '#2F54EB' });
    await userEvent.click(screen.getByRole('radio', { name: 'Side Menu Layout' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, layout: 'side' });
    await userEvent.click(screen.getByRole('radio', { name: 'Fluid' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, contentWidth: 'fluid' });
    await userEvent.click(screen.getByRole('switch', { name: 'Fixed Header' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, fixedHeader: true });
    await userEvent.click(screen.getByRole('switch', { name: 'Weak Mode' }));
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, colorWeak: true });
    expect(onSettingsChange).toHaveBeenCalledTimes(6);
  });

  it('only reports when controlled: the shown settings follow the prop', async () => {
    renderWithProviders(<PageStylePanel defaultOpen settings={DEFAULT_PAGE_SETTINGS} onSettingsChange={() => {}} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Weak Mode' }));
    expect(screen.getByRole('switch', { name: 'Weak Mode' })).not.toBeChecked();
  });

  it('keeps its own state when uncontrolled', async () => {
    renderWithProviders(<PageStylePanel defaultOpen />);
    await userEvent.click(screen.getByRole('radio', { name: 'Cyan' }));
    expect(screen.getByRole('radio', { name: 'Cyan' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Volcano' })).not.toBeChecked();
  });

  it('disables Fixed Sidebar outside the side layout and says why', async () => {
    renderWithProviders(<SettingsOwner />);
    const fixedSidebar = screen.getByRole('switch', { name: 'Fixed Sidebar' });
    expect(fixedSidebar).toBeDisabled();
    expect(fixedSidebar).toHaveAccessibleDescription('Works on Side Menu Layout');
    await userEvent.click(screen.getByRole('radio', { name: 'Side Menu Layout' }));
    expect(fixedSidebar).toBeEnabled();
    expect(fixedSidebar).not.toHaveAccessibleDescription();
  });

  it('disables hiding the header unless the header is fixed, and says why', async () => {
    const onSettingsChange = vi.fn();
    renderWithProviders(<SettingsOwner onSettingsChange={onSettingsChange} />);
    const hideHeader = screen.getByRole('switch', { name: 'Hidden Header when scrolling' });
    expect(hideHeader).toBeDisabled();
    expect(hideHeader).toHaveAccessibleDescription('Works when Fixed Header is on');
    await userEvent.click(screen.getByRole('switch', { name: 'Fixed Header' }));
    expect(hideHeader).toBeEnabled();
    await userEvent.click(hideHeader);
    expect(onSettingsChange).toHaveBeenLastCalledWith({
      ...DEFAULT_PAGE_SETTINGS,
      fixedHeader: true,
      hideHeaderOnScroll: true,
    });
  });

  it('moves through the swatches with the arrow keys', async () => {
    const onSettingsChange = vi.fn();
    renderWithProviders(<PageStylePanel defaultOpen onSettingsChange={onSettingsChange} />);
    screen.getByRole('radio', { name: 'Volcano' }).focus();
    // Radix checks the focused radio while the arrow key is still down, so hold it until focus moves.
    await userEvent.keyboard('{ArrowRight>}');
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'Sunset Orange' })).toHaveFocus());
    await userEvent.keyboard('{/ArrowRight}');
    expect(onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, primaryColor: '#FA8C16' });
  });

  it('checks no swatch for a colour outside the presets, and matches presets whatever the case', async () => {
    const { rerender } = renderWithProviders(
      <PageStylePanel defaultOpen settings={{ ...DEFAULT_PAGE_SETTINGS, primaryColor: '#123456' }} />,
    );
    const colours = screen.getByRole('radiogroup', { name: 'Theme Color' });
    expect(within(colours).queryByRole('radio', { checked: true })).toBeNull();
    rerender(<PageStylePanel defaultOpen settings={{ ...DEFAULT_PAGE_SETTINGS, primaryColor: '#722ed1' }} />);
    expect(screen.getByRole('radio', { name: 'Golden Purple' })).toBeChecked();
  });

  it('can leave out the floating button and be opened by the app', () => {
    renderWithProviders(<PageStylePanel showTrigger={false} open />);
    expect(screen.queryByRole('button', { name: 'Open page style settings' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Page style setting' })).toBeInTheDocument();
  });

  it('shows the floating button by default, and can put it among the header actions instead', async () => {
    const { unmount } = renderWithProviders(<PageStylePanel />);
    expect(screen.getByRole('button', { name: 'Open page style settings' })).toHaveAttribute(
      'data-variant',
      'floating',
    );
    unmount();
    renderWithProviders(<PageStylePanel triggerVariant="header" />);
    const trigger = screen.getByRole('button', { name: 'Open page style settings' });
    expect(trigger).toHaveAttribute('data-variant', 'header');
    const dialog = await openPanel();
    await userEvent.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
