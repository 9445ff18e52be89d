import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BarChart3, LayoutDashboard, MessagesSquare, Phone, Settings, Video } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Menu, type MenuItem, type MenuProps } from './menu';

const items: MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', icon: <LayoutDashboard aria-hidden />, href: '#/dashboard' },
  { key: 'call-history', label: 'Call history', icon: <Phone aria-hidden />, href: '#/call-history' },
  { key: 'library', label: 'Library', icon: <Video aria-hidden />, href: '#/video-library' },
  { key: 'chat-history', label: 'Chat history', icon: <MessagesSquare aria-hidden />, href: '#/chat-history' },
  { key: 'analytics', label: 'Analytics', icon: <BarChart3 aria-hidden />, href: '#/analytics', disabled: true },
  {
    key: 'settings',
    label: 'Settings',
    icon: <Settings aria-hidden />,
    children: [
      { key: 'profile', label: 'Profile', href: '#/settings/profile' },
      { key: 'preferences', label: 'Preferences', href: '#/settings/Preferences' },
      {
        key: 'menus',
        label: 'Menus',
        children: [
          { key: 'manage-menu', label: 'Manage menu', href: '#/settings/managemenu' },
          { key: 'menu-video', label: 'Menu video', href: '#/settings/menu-video' },
        ],
      },
      { key: 'contact-book', label: 'Contact List', href: '#/settings/contact-book' },
    ],
  },
];

function ControlledOpenKeys() {
  const [openKeys, setOpenKeys] = useState<string[]>(['settings']);
  return (
    <>
      <Menu items={items} openKeys={openKeys} onOpenChange={setOpenKeys} />
      <output>{openKeys.join(',')}</output>
    </>
  );
}

function renderMenu(props: Partial<MenuProps> = {}, locale = 'en-US') {
  return renderWithProviders(<Menu items={items} {...props} />, { locale });
}

describe('Menu', () => {
  it('conforms as the labelled main navigation', async () => {
    renderMenu({ className: 'custom' });
    await expectConformance(screen.getByRole('navigation', { name: 'Main menu' }), {
      slot: 'menu',
      className: 'custom',
    });
  });

  it('conforms collapsed and in the top bar', async () => {
    const { rerender } = renderMenu({ collapsed: true });
    await expectConformance(screen.getByRole('navigation'), { slot: 'menu' });
    rerender(<Menu items={items} mode="top" />);
    await expectConformance(screen.getByRole('navigation'), { slot: 'menu' });
  });

  it('marks the selected entry as the current page and opens the sub-menus that hold it', () => {
    renderMenu({ defaultSelectedKey: 'profile' });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Menus' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Manage menu' })).toBeNull();
  });

  it('uses the dark navigation theme by default and the light one on request', () => {
    const { rerender } = renderMenu();
    expect(screen.getByRole('navigation')).toHaveAttribute('data-nav-theme', 'dark');
    rerender(<Menu items={items} theme="light" />);
    expect(screen.getByRole('navigation')).toHaveAttribute('data-nav-theme', 'light');
  });

  it('selects on click when uncontrolled and reports the key', async () => {
    const onSelect = vi.fn();
    renderMenu({ defaultSelectedKey: 'dashboard', onSelect });
    await userEvent.click(screen.getByRole('link', { name: 'Call history' }));
    expect(onSelect).toHaveBeenCalledWith('call-history', expect.objectContaining({ label: 'Call history' }));
    expect(screen.getByRole('link', { name: 'Call history' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('follows selectedKey when controlled', async () => {
    const onSelect = vi.fn();
    const { rerender } = renderMenu({ selectedKey: 'dashboard', onSelect });
    await userEvent.click(screen.getByRole('link', { name: 'Library' }));
    expect(onSelect).toHaveBeenCalledWith('library', expect.anything());
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    rerender(<Menu items={items} selectedKey="library" onSelect={onSelect} />);
    expect(screen.getByRole('link', { name: 'Library' })).toHaveAttribute('aria-current', 'page');
  });

  it('expands and collapses groups on click when uncontrolled', async () => {
    const onOpenChange = vi.fn();
    renderMenu({ onOpenChange });
    const settings = screen.getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(onOpenChange).toHaveBeenLastCalledWith(['settings']);
    await userEvent.click(screen.getByRole('button', { name: 'Menus' }));
    expect(screen.getByRole('link', { name: 'Manage menu' })).toBeVisible();
    await userEvent.click(settings);
    expect(onOpenChange).toHaveBeenLastCalledWith(['menus']);
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('follows openKeys when controlled', async () => {
    renderWithProviders(<ControlledOpenKeys />);
    expect(screen.getByRole('link', { name: 'Profile' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Menus' }));
    expect(screen.getByRole('status')).toHaveTextContent('settings,menus');
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('status')).toHaveTextContent('menus');
  });

  it('renders disabled entries as disabled buttons that arrow keys skip', async () => {
    renderMenu({ defaultSelectedKey: 'chat-history' });
    expect(screen.getByRole('button', { name: 'Analytics' })).toBeDisabled();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Chat history' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
  });

  describe('keyboard in side mode', () => {
    it('is one Tab stop, on the selected entry', async () => {
      renderWithProviders(
        <>
          <Menu items={items} defaultSelectedKey="library" />
          <button type="button">After</button>
        </>,
      );
      await userEvent.tab();
      expect(screen.getByRole('link', { name: 'Library' })).toHaveFocus();
      await userEvent.tab();
      expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
      await userEvent.tab({ shift: true });
      expect(screen.getByRole('link', { name: 'Library' })).toHaveFocus();
    });

    it('moves with ArrowUp, ArrowDown, Home and End, wrapping round', async () => {
      renderMenu();
      await userEvent.tab();
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      expect(screen.getByRole('link', { name: 'Call history' })).toHaveFocus();
      await userEvent.keyboard('{ArrowUp}{ArrowUp}');
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
      await userEvent.keyboard('{Home}');
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
      await userEvent.keyboard('{End}');
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
    });

    it('opens a group with ArrowRight, enters it, and leaves it with ArrowLeft', async () => {
      renderMenu();
      await userEvent.tab();
      await userEvent.keyboard('{End}{ArrowRight}');
      const settings = screen.getByRole('button', { name: 'Settings' });
      expect(settings).toHaveAttribute('aria-expanded', 'true');
      expect(settings).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}');
      expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
      await userEvent.keyboard('{ArrowLeft}');
      expect(settings).toHaveFocus();
      await userEvent.keyboard('{ArrowLeft}');
      expect(settings).toHaveAttribute('aria-expanded', 'false');
    });

    it('walks into open groups with ArrowDown', async () => {
      renderMenu({ defaultOpenKeys: ['settings'] });
      await userEvent.tab();
      await userEvent.keyboard('{End}');
      expect(screen.getByRole('link', { name: 'Contact List' })).toHaveFocus();
      await userEvent.keyboard('{ArrowUp}');
      expect(screen.getByRole('button', { name: 'Menus' })).toHaveFocus();
    });

    it('mirrors ArrowLeft and ArrowRight in right-to-left layouts', async () => {
      renderMenu({}, 'ar-EG');
      await userEvent.tab();
      await userEvent.keyboard('{End}{ArrowLeft}');
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
      await userEvent.keyboard('{ArrowLeft}');
      expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}');
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
    });

    it('activates links with Enter and Space', async () => {
      const onSelect = vi.fn();
      renderMenu({ onSelect });
      await userEvent.tab();
      await userEvent.keyboard('{Enter}');
      expect(onSelect).toHaveBeenLastCalledWith('dashboard', expect.anything());
      await userEvent.keyboard('{ArrowDown} ');
      expect(onSelect).toHaveBeenLastCalledWith('call-history', expect.anything());
      expect(screen.getByRole('link', { name: 'Call history' })).toHaveAttribute('aria-current', 'page');
    });

    it('moves the Tab stop to the group when the focused entry gets hidden', async () => {
      const { rerender } = renderMenu({ openKeys: ['settings'], selectedKey: 'preferences' });
      await userEvent.click(screen.getByRole('link', { name: 'Contact List' }));
      expect(screen.getByRole('link', { name: 'Contact List' })).toHaveAttribute('tabindex', '0');
      rerender(<Menu items={items} openKeys={[]} selectedKey="preferences" />);
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('tabindex', '0');
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('tabindex', '-1');
    });
  });

  describe('collapsed side mode', () => {
    it('shows icons only but keeps every name for assistive technology', () => {
      renderMenu({ collapsed: true, defaultSelectedKey: 'library' });
      expect(screen.getByRole('navigation')).toHaveAttribute('data-state', 'collapsed');
      expect(screen.getByRole('link', { name: 'Library' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-haspopup', 'menu');
    });

    it('shows the label in a tooltip on focus', async () => {
      renderMenu({ collapsed: true });
      await userEvent.tab();
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Dashboard');
    });

    it('opens a group as a fly-out with ArrowRight and selects from it', async () => {
      const onSelect = vi.fn();
      renderMenu({ collapsed: true, onSelect });
      await userEvent.tab();
      await userEvent.keyboard('{End}');
      const settings = screen.getByRole('button', { name: 'Settings' });
      expect(settings).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}');
      const flyout = await screen.findByRole('menu');
      expect(within(flyout).getByText('Settings')).toBeInTheDocument();
      await userEvent.click(within(flyout).getByRole('menuitem', { name: 'Preferences' }));
      expect(onSelect).toHaveBeenCalledWith('preferences', expect.anything());
      expect(screen.queryByRole('menu')).toBeNull();
      expect(settings).toHaveAttribute('data-selection', 'descendant');
    });

    it('moves on with ArrowDown from a group instead of opening it', async () => {
      renderMenu({ collapsed: true });
      await userEvent.tab();
      await userEvent.keyboard('{End}{ArrowDown}');
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
      expect(screen.queryByRole('menu')).toBeNull();
    });
  });

  describe('top mode', () => {
    it('moves between entries with ArrowRight and ArrowLeft', async () => {
      renderMenu({ mode: 'top' });
      await userEvent.tab();
      await userEvent.keyboard('{ArrowRight}');
      expect(screen.getByRole('link', { name: 'Call history' })).toHaveFocus();
      await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      expect(await screen.findByRole('menu')).toBeInTheDocument();
    });

    it('mirrors the arrow keys in right-to-left layouts', async () => {
      renderMenu({ mode: 'top' }, 'ar-EG');
      await userEvent.tab();
      await userEvent.keyboard('{ArrowLeft}');
      expect(screen.getByRole('link', { name: 'Call history' })).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}');
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    });

    it('opens drop-downs with nested sub-menus and selects from them', async () => {
      const onSelect = vi.fn();
      renderMenu({ mode: 'top', onSelect });
      await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
      const dropdown = await screen.findByRole('menu');
      expect(
        within(dropdown)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Profile', 'Preferences', 'Menus', 'Contact List']);
      await userEvent.click(within(dropdown).getByRole('menuitem', { name: 'Menus' }));
      const submenu = await screen.findByRole('menu', { name: 'Menus' });
      await userEvent.click(within(submenu).getByRole('menuitem', { name: 'Menu video' }));
      expect(onSelect).toHaveBeenCalledWith('menu-video', expect.anything());
      expect(screen.queryByRole('menu')).toBeNull();
      expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('data-selection', 'descendant');
    });

    it('marks the selected entry inside a drop-down as the current page', async () => {
      renderMenu({ mode: 'top', selectedKey: 'contact-book' });
      await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
      expect(await screen.findByRole('menuitem', { name: 'Contact List' })).toHaveAttribute('aria-current', 'page');
    });
  });

  it('renders links through renderLink, merging the menu props into them', async () => {
    const onSelect = vi.fn();
    renderMenu({
      defaultSelectedKey: 'dashboard',
      onSelect,
      renderLink: ({ href, children }) => (
        <a href={href} data-router="yes">
          {children}
        </a>
      ),
    });
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('data-router', 'yes');
    expect(link).toHaveAttribute('data-slot', 'menu-item');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('tabindex', '0');
    await userEvent.click(screen.getByRole('link', { name: 'Library' }));
    expect(onSelect).toHaveBeenCalledWith('library', expect.anything());
  });

  it('renders entries without an href as buttons', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Menu items={[{ key: 'logout', label: 'Logout' }]} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onSelect).toHaveBeenCalledWith('logout', expect.anything());
  });
});
