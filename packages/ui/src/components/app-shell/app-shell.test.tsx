import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, expectNoAxeViolations, renderWithProviders } from '../../testing';
import { Menu, type MenuItem } from '../menu/menu';
import { AppShell, type AppShellState, useAppShell } from './app-shell';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const menu = (
  <ul>
    <li>
      <a href="#dashboard">Dashboard</a>
    </li>
    <li>
      <a href="#calls">Call history</a>
    </li>
  </ul>
);

function shellRoot(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('[data-slot="app-shell"]') as HTMLElement;
}

function ShellStateProbe() {
  const shell = useAppShell();
  return <p>{shell ? `${shell.layout} ${shell.collapsed ? 'collapsed' : 'expanded'}` : 'outside'}</p>;
}

function OutsideProbe() {
  return <p>{useAppShell() === null ? 'outside' : 'inside'}</p>;
}

function HideToggleOwner() {
  const [hide, setHide] = useState(true);
  return (
    <AppShell
      fixedHeader
      hideHeaderOnScroll={hide}
      headerActions={
        <button type="button" onClick={() => setHide(false)}>
          Stop hiding
        </button>
      }
    />
  );
}

describe('AppShell', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('conforms', async () => {
    const { container } = renderWithProviders(
      <AppShell layout="side" logo="Parley" menu={menu} footer="Parley 2026" className="custom">
        <h1>Dashboard</h1>
      </AppShell>,
    );
    await expectConformance(shellRoot(container), { slot: 'app-shell', className: 'custom' });
  });

  it('provides banner, navigation, main and footer landmarks in both layouts', () => {
    for (const layout of ['side', 'top'] as const) {
      const { unmount } = renderWithProviders(
        <AppShell
          layout={layout}
          logo="Parley"
          menu={menu}
          headerActions={<button type="button">Help</button>}
          footer="©"
        >
          Page
        </AppShell>,
      );
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toHaveTextContent('DashboardCall history');
      expect(screen.getByRole('main')).toHaveTextContent('Page');
      expect(screen.getByRole('contentinfo')).toHaveTextContent('©');
      expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Help' })).toBeInTheDocument();
      unmount();
    }
  });

  it('lets a menu with its own <nav> provide the only navigation landmark', () => {
    renderWithProviders(
      <AppShell
        layout="side"
        menu={
          <nav aria-label="Sections">
            <a href="#calls">Calls</a>
          </nav>
        }
      />,
    );
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.getByRole('navigation')).toHaveAccessibleName('Sections');
  });

  it('puts the menu in the header in the top layout, and offers no collapse button there', () => {
    renderWithProviders(<AppShell layout="top" menu={menu} />);
    expect(within(screen.getByRole('banner')).getByRole('navigation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /collapse|expand/i })).toBeNull();
  });

  it('keeps the menu out of the header in the side layout', () => {
    renderWithProviders(<AppShell layout="side" menu={menu} />);
    expect(within(screen.getByRole('banner')).queryByRole('navigation')).toBeNull();
  });

  it('skips to the main content, which can take focus', async () => {
    renderWithProviders(<AppShell menu={menu}>Page</AppShell>);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });

  it('collapses and expands the side menu when uncontrolled', async () => {
    const onCollapsedChange = vi.fn();
    const { container } = renderWithProviders(
      <AppShell layout="side" menu={menu} onCollapsedChange={onCollapsedChange} />,
    );
    const toggle = screen.getByRole('button', { name: 'Collapse menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = container.querySelector(`#${CSS.escape(toggle.getAttribute('aria-controls') ?? '')}`);
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await userEvent.click(toggle);
    expect(onCollapsedChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await userEvent.keyboard('{Enter}');
    expect(onCollapsedChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts collapsed with defaultCollapsed', () => {
    renderWithProviders(<AppShell layout="side" defaultCollapsed menu={menu} />);
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows the collapsed prop when controlled', async () => {
    const onCollapsedChange = vi.fn();
    const { rerender } = renderWithProviders(
      <AppShell layout="side" collapsed={false} onCollapsedChange={onCollapsedChange} menu={menu} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(onCollapsedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
    rerender(<AppShell layout="side" collapsed onCollapsedChange={onCollapsedChange} menu={menu} />);
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('hands its state to slot functions and to useAppShell', async () => {
    renderWithProviders(
      <AppShell layout="side" logo={({ collapsed }) => (collapsed ? 'P' : 'Parley')} menu={menu}>
        <ShellStateProbe />
      </AppShell>,
    );
    const sidebar = document.querySelector<HTMLElement>('[data-slot="app-shell-sidebar"]') as HTMLElement;
    expect(within(sidebar).getByText('Parley')).toBeInTheDocument();
    expect(screen.getByText('side expanded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(within(sidebar).getByText('P')).toBeInTheDocument();
    expect(screen.getByText('side collapsed')).toBeInTheDocument();
  });

  it('returns null from useAppShell outside a shell', () => {
    renderWithProviders(<OutsideProbe />);
    expect(screen.getByText('outside')).toBeInTheDocument();
  });

  it('describes its settings on data attributes for styling', () => {
    const { container } = renderWithProviders(
      <AppShell layout="side" navTheme="light" contentWidth="fluid" fixedHeader fixedSidebar menu={menu} />,
    );
    const root = shellRoot(container);
    expect(root).toHaveAttribute('data-layout', 'side');
    expect(root).toHaveAttribute('data-nav-theme', 'light');
    expect(root).toHaveAttribute('data-content-width', 'fluid');
    expect(root).toHaveAttribute('data-fixed-header', 'true');
    expect(root).toHaveAttribute('data-fixed-sidebar', 'true');
  });

  it('uses the SPEC §9 defaults: top layout, dark navigation, fixed width, header not fixed', () => {
    const { container } = renderWithProviders(<AppShell menu={menu} />);
    const root = shellRoot(container);
    expect(root).toHaveAttribute('data-layout', 'top');
    expect(root).toHaveAttribute('data-nav-theme', 'dark');
    expect(root).toHaveAttribute('data-content-width', 'fixed');
    expect(root).not.toHaveAttribute('data-fixed-header');
  });

  it('hides the fixed header when scrolling down and shows it when scrolling up', () => {
    renderWithProviders(<AppShell fixedHeader hideHeaderOnScroll menu={menu} />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-state', 'visible');
    scrollWindowTo(300);
    expect(header).toHaveAttribute('data-state', 'hidden');
    scrollWindowTo(280);
    expect(header).toHaveAttribute('data-state', 'visible');
    scrollWindowTo(600);
    expect(header).toHaveAttribute('data-state', 'hidden');
  });

  it('ignores tiny scroll jitter', () => {
    renderWithProviders(<AppShell fixedHeader hideHeaderOnScroll menu={menu} />);
    scrollWindowTo(300);
    scrollWindowTo(298);
    expect(screen.getByRole('banner')).toHaveAttribute('data-state', 'hidden');
  });

  it('brings the hidden header back when focus moves into it', () => {
    renderWithProviders(<AppShell fixedHeader hideHeaderOnScroll menu={menu} />);
    scrollWindowTo(300);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-state', 'hidden');
    act(() => {
      within(header).getByRole('link', { name: 'Dashboard' }).focus();
    });
    expect(header).toHaveAttribute('data-state', 'visible');
  });

  it('never hides a header that is not fixed', () => {
    renderWithProviders(<AppShell hideHeaderOnScroll menu={menu} />);
    scrollWindowTo(300);
    expect(screen.getByRole('banner')).toHaveAttribute('data-state', 'visible');
  });

  it('shows the header again when hiding is turned off', () => {
    renderWithProviders(<HideToggleOwner />);
    scrollWindowTo(300);
    expect(screen.getByRole('banner')).toHaveAttribute('data-state', 'hidden');
    act(() => {
      screen.getByRole('button', { name: 'Stop hiding' }).click();
    });
    expect(screen.getByRole('banner')).toHaveAttribute('data-state', 'visible');
  });
});

const menuItems: MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', href: '#dashboard' },
  { key: 'calls', label: 'Call history', href: '#calls' },
  {
    key: 'settings',
    label: 'Settings',
    children: [
      { key: 'profile', label: 'Profile', href: '#profile' },
      { key: 'refresh', label: 'Refresh menu' },
    ],
  },
];

/** Our Menu laid out from the shell state, as the app's slot does it. */
function shellMenu({ layout, collapsed, navTheme }: AppShellState) {
  return (
    <Menu
      items={menuItems}
      mode={layout}
      collapsed={collapsed}
      theme={navTheme}
      defaultSelectedKey="calls"
      onSelect={() => {}}
    />
  );
}

/** What the drawer's slots are told, and a way to close the drawer from one. */
function FooterProbe() {
  const shell = useAppShell();
  return (
    <>
      <p>{`footer ${shell?.placement} ${shell?.drawerOpen ? 'open' : 'closed'}`}</p>
      <button type="button" onClick={() => shell?.setDrawerOpen(false)}>
        Page style
      </button>
    </>
  );
}

/** Stands in for a dialog that was opened from the drawer and, closing, gives focus back. */
function FocusMenuButton() {
  const shell = useAppShell();
  return (
    <button type="button" onClick={() => shell?.focusMenuButton()}>
      Back to the menu
    </button>
  );
}

/** A window whose width can change: `(min-width: 48rem)` matches while `wide`, and listeners hear changes. */
function stubScreen(initiallyWide: boolean) {
  let wide = initiallyWide;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(min-width: 48rem)' ? wide : query === '(width < 48rem)' ? !wide : false;
    },
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }));
  return (next: boolean) => {
    wide = next;
    act(() => {
      for (const listener of listeners) {
        listener();
      }
    });
  };
}

/** The menu button; while the drawer is open the rest of the page is hidden from assistive technology. */
function menuButton() {
  return screen.getByRole('button', { name: 'Open menu', hidden: true });
}

async function openDrawer() {
  await userEvent.click(menuButton());
  return screen.findByRole('dialog', { name: 'Main menu' });
}

describe('AppShell on phones: the menu drawer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts the header with a menu button in both layouts', () => {
    for (const layout of ['side', 'top'] as const) {
      const { unmount } = renderWithProviders(
        <AppShell layout={layout} logo="Parley" menu={shellMenu} headerActions={<button type="button">Help</button>} />,
      );
      const buttons = within(screen.getByRole('banner')).getAllByRole('button');
      expect(buttons[0]).toHaveAccessibleName('Open menu');
      expect(buttons[0]).toHaveAttribute('aria-expanded', 'false');
      expect(buttons[0]).toHaveAttribute('aria-haspopup', 'dialog');
      unmount();
    }
  });

  it('offers no menu button when there is nothing to put in the drawer', () => {
    renderWithProviders(<AppShell logo="Parley" headerActions={<button type="button">Help</button>} />);
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('opens the menu as a full list in a drawer that the button controls, in the navigation colours', async () => {
    renderWithProviders(<AppShell layout="top" navTheme="light" logo="Parley" menu={shellMenu} />);
    const drawer = await openDrawer();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveAttribute('aria-controls', drawer.id);
    expect(drawer).toHaveAttribute('data-slot', 'app-shell-drawer');
    expect(drawer).toHaveAttribute('data-nav-theme', 'light');
    const navigation = within(drawer).getByRole('navigation', { name: 'Main menu' });
    // A side menu, whatever the layout: groups expand in place instead of dropping down.
    expect(navigation).toHaveAttribute('data-mode', 'side');
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(drawer).getByText('Parley')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('opens on the current page, so the keyboard starts there', async () => {
    renderWithProviders(<AppShell layout="side" menu={shellMenu} />);
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).getByRole('link', { name: 'Call history' })).toHaveFocus());
  });

  it('closes when an entry is chosen, and gives focus back to the menu button', async () => {
    const onDrawerOpenChange = vi.fn();
    renderWithProviders(<AppShell layout="top" menu={shellMenu} onDrawerOpenChange={onDrawerOpenChange} />);
    const drawer = await openDrawer();
    expect(onDrawerOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(within(drawer).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDrawerOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(menuButton()).toHaveFocus());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes for an entry that is a button, but not for a group that only expands', async () => {
    renderWithProviders(<AppShell layout="side" menu={shellMenu} />);
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Refresh menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open when a link is opened elsewhere with a modifier key', async () => {
    renderWithProviders(<AppShell layout="side" menu={shellMenu} />);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Dashboard' }), { ctrlKey: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape and on its close button, giving focus back to the menu button', async () => {
    renderWithProviders(<AppShell layout="side" menu={shellMenu} />);
    await openDrawer();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menuButton()).toHaveFocus());

    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menuButton()).toHaveFocus());
  });

  it('slides in from the start side, which is the right in right-to-left languages', async () => {
    renderWithProviders(<AppShell layout="side" menu={shellMenu} />, { locale: 'ar-EG' });
    await userEvent.click(document.querySelector('[data-slot="app-shell-menu-button"]') as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveAttribute('data-side', 'start');
    expect(drawer).toHaveAttribute('dir', 'rtl');
  });

  it('shows the footer slot below the menu, with the drawer state, and lets it close the drawer', async () => {
    renderWithProviders(<AppShell layout="top" menu={shellMenu} drawerFooter={<FooterProbe />} />);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('footer drawer open')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Page style' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells slots in the drawer that they are there, laid out as an expanded side menu', async () => {
    const seen: string[] = [];
    renderWithProviders(
      <AppShell
        layout="side"
        defaultCollapsed
        menu={(state) => {
          seen.push(`${state.placement} ${state.layout} ${state.collapsed ? 'collapsed' : 'expanded'}`);
          return shellMenu(state);
        }}
      />,
    );
    expect(seen).toContain('shell side collapsed');
    await openDrawer();
    expect(seen).toContain('drawer side expanded');
  });

  it('works controlled', async () => {
    const onDrawerOpenChange = vi.fn();
    const { rerender } = renderWithProviders(
      <AppShell menu={shellMenu} drawerOpen={false} onDrawerOpenChange={onDrawerOpenChange} />,
    );
    await userEvent.click(menuButton());
    expect(onDrawerOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<AppShell menu={shellMenu} drawerOpen onDrawerOpenChange={onDrawerOpenChange} />);
    expect(await screen.findByRole('dialog', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('closes when the window grows to where the menu shows in the header again', async () => {
    const resize = stubScreen(false);
    renderWithProviders(<AppShell layout="top" menu={shellMenu} />);
    await openDrawer();
    resize(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a dialog opened from the drawer give focus back to the menu button', async () => {
    renderWithProviders(<AppShell menu={shellMenu} headerActions={<FocusMenuButton />} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the menu' }));
    expect(menuButton()).toHaveFocus();
  });
});
