import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { AppShell, useAppShell } from './app-shell';

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
    expect(screen.queryByRole('button', { name: /menu/ })).toBeNull();
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
    expect(screen.getByText('Parley')).toBeInTheDocument();
    expect(screen.getByText('side expanded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(screen.getByText('P')).toBeInTheDocument();
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
