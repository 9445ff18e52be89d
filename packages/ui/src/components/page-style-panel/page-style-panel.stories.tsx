import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../app-shell/app-shell';
import { PageHeader } from '../page-header/page-header';
import { applyPageSettings, DEFAULT_PAGE_SETTINGS, type PageSettings } from './page-settings';
import { PageStylePanel } from './page-style-panel';

const meta = {
  title: 'Shell/PageStylePanel',
  component: PageStylePanel,
  parameters: { layout: 'fullscreen' },
  args: { settings: DEFAULT_PAGE_SETTINGS, onSettingsChange: fn(), onOpenChange: fn() },
  decorators: [
    (Story) => (
      <div className="min-h-[40rem]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PageStylePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: only the floating settings button at the end edge. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open page style settings' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    const dialog = await body.findByRole('dialog', { name: 'Page style setting' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** Open with the SPEC §9 defaults: Fixed Sidebar and Hidden Header are off limits, with hints. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(dialog.getByRole('radio', { name: 'Volcano' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Fixed Sidebar' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Hidden Header when scrolling' })).toBeDisabled();
    await waitFor(() => expect(dialog.getByText('Works on Side Menu Layout')).toBeVisible());
  },
};

/** Every control reports the whole next settings object; the app persists it. */
export const EmitsChanges: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Light style' }));
    await expect(args.onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, navTheme: 'light' });
    await userEvent.click(dialog.getByRole('radio', { name: 'Daybreak Blue' }));
    await expect(args.onSettingsChange).toHaveBeenLastCalledWith({
      ...DEFAULT_PAGE_SETTINGS,
      primaryColor: '#1890FF',
    });
    await userEvent.click(dialog.getByRole('radio', { name: 'Side Menu Layout' }));
    await expect(args.onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, layout: 'side' });
    await userEvent.click(dialog.getByRole('radio', { name: 'Fluid' }));
    await expect(args.onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, contentWidth: 'fluid' });
    await userEvent.click(dialog.getByRole('switch', { name: 'Fixed Header' }));
    await expect(args.onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, fixedHeader: true });
    await userEvent.click(dialog.getByRole('switch', { name: 'Weak Mode' }));
    await expect(args.onSettingsChange).toHaveBeenLastCalledWith({ ...DEFAULT_PAGE_SETTINGS, colorWeak: true });
  },
};

/** Side layout with a fixed header: every switch is available. */
export const SideFixedHeader: Story = {
  args: {
    defaultOpen: true,
    settings: { ...DEFAULT_PAGE_SETTINGS, layout: 'side', fixedHeader: true, hideHeaderOnScroll: true },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(dialog.getByRole('switch', { name: 'Fixed Sidebar' })).toBeEnabled();
    await expect(dialog.getByRole('switch', { name: 'Hidden Header when scrolling' })).toBeChecked();
  },
};

export const LightNavPurple: Story = {
  args: {
    defaultOpen: true,
    settings: { ...DEFAULT_PAGE_SETTINGS, navTheme: 'light', primaryColor: '#722ED1', colorWeak: true },
  },
};

/** A primary colour outside the presets checks no swatch. */
export const CustomColor: Story = {
  args: { defaultOpen: true, settings: { ...DEFAULT_PAGE_SETTINGS, primaryColor: '#0F766E' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    const swatches = within(dialog.getByRole('radiogroup', { name: 'Theme Color' }));
    await expect(swatches.queryByRole('radio', { checked: true })).toBeNull();
  },
};

export const DarkTheme: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };

/**
 * Wired like the app: the settings drive an AppShell, and applyPageSettings puts the colours on
 * the preview's root (not the document, so other stories stay untouched).
 */
export const Playground: Story = {
  args: { settings: undefined },
  render: (args) => {
    const [settings, setSettings] = useState<PageSettings>({ ...DEFAULT_PAGE_SETTINGS });
    const rootRef = useRef<HTMLDivElement>(null);
    useLayoutEffect(() => {
      if (rootRef.current) {
        applyPageSettings(settings, rootRef.current);
      }
    }, [settings]);
    return (
      <div ref={rootRef} data-testid="preview-root">
        <AppShell
          layout={settings.layout}
          navTheme={settings.navTheme}
          contentWidth={settings.contentWidth}
          fixedHeader={settings.fixedHeader}
          fixedSidebar={settings.fixedSidebar}
          hideHeaderOnScroll={settings.hideHeaderOnScroll}
          logo={<span className="px-1 text-lg">Parley</span>}
          menu={
            <ul className="flex gap-1 p-2 text-sm">
              <li>
                <a
                  href="#dashboard"
                  aria-current="page"
                  className="block rounded-md bg-nav-active px-3 py-1.5 text-nav-active-foreground"
                >
                  Dashboard
                </a>
              </li>
            </ul>
          }
        >
          <PageHeader title="Dashboard" subtitle="Pick a style in the panel" />
        </AppShell>
        <PageStylePanel
          {...args}
          settings={settings}
          onSettingsChange={(next) => {
            setSettings(next);
            args.onSettingsChange?.(next);
          }}
        />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open page style settings' }));
    const dialog = within(await body.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Side Menu Layout' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Golden Purple' }));
    await expect(dialog.getByRole('switch', { name: 'Fixed Sidebar' })).toBeEnabled();
    const shell = canvasElement.querySelector('[data-slot="app-shell"]');
    await expect(shell).toHaveAttribute('data-layout', 'side');
    const root = canvas.getByTestId('preview-root');
    await waitFor(() => expect(root.style.getPropertyValue('--brand-7')).toBe('#722ed1'));
    await expect(root.style.getPropertyValue('--primary-foreground')).toBe('#ffffff');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** The gear among a header's actions, where it covers nothing of the page; closing gives focus back to it. */
export const HeaderTrigger: Story = {
  args: { triggerVariant: 'header' },
  decorators: [
    (Story) => (
      <div className="flex h-header items-center justify-end gap-1 bg-nav px-4 text-nav-foreground">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Open page style settings' });
    await expect(trigger).toHaveAttribute('data-variant', 'header');
    await expect(getComputedStyle(trigger).position).not.toBe('fixed');
    await userEvent.click(trigger);
    const dialog = await body.findByRole('dialog', { name: 'Page style setting' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Right to left: the button and the drawer sit at the left edge, the end side in Arabic. */
export const RightToLeft: Story = {
  globals: { locale: 'ar-EG' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvasElement.querySelector('[data-slot="page-style-panel-trigger"]') as HTMLElement;
    await expect(trigger.getBoundingClientRect().left).toBe(0);
    await userEvent.click(trigger);
    const dialog = await body.findByRole('dialog');
    await waitFor(() => expect(dialog.getBoundingClientRect().left).toBe(0));
  },
};
