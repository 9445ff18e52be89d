import type { Meta, StoryObj } from '@storybook/react-vite';
import { BarChart3, BookUser, Film, History, LayoutDashboard, MessagesSquare, Palette, Settings } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { HeaderActions } from '../header-actions/header-actions';
import { LanguagePicker } from '../language-picker/language-picker';
import { Menu, type MenuItem, menuItemVariants } from '../menu/menu';
import { PageHeader } from '../page-header/page-header';
import { AppShell, type AppShellState, useAppShell } from './app-shell';

const menuItems: MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', href: '#dashboard', icon: <LayoutDashboard aria-hidden /> },
  { key: 'call-history', label: 'Call history', href: '#call-history', icon: <History aria-hidden /> },
  { key: 'chat-history', label: 'Chat history', href: '#chat-history', icon: <MessagesSquare aria-hidden /> },
  { key: 'library', label: 'Library', href: '#library', icon: <Film aria-hidden /> },
  { key: 'analytics', label: 'Analytics', href: '#analytics', icon: <BarChart3 aria-hidden /> },
  {
    key: 'settings',
    label: 'Settings',
    icon: <Settings aria-hidden />,
    children: [
      { key: 'profile', label: 'Profile', href: '#settings/profile' },
      { key: 'contacts', label: 'Contact List', href: '#settings/contact-book', icon: <BookUser aria-hidden /> },
    ],
  },
];

/** The app's menu, laid out from the shell state the slot function receives. */
function shellMenu({ layout, collapsed, navTheme }: AppShellState) {
  return (
    <Menu items={menuItems} mode={layout} collapsed={collapsed} theme={navTheme} defaultSelectedKey="call-history" />
  );
}

function Logo() {
  const shell = useAppShell();
  return (
    <a
      href="#home"
      className="flex items-center gap-2 rounded-md text-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span
        aria-hidden
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground text-sm"
      >
        P
      </span>
      <span className={shell?.collapsed ? 'sr-only' : undefined}>Parley</span>
    </a>
  );
}

/** What an app may add below the menu in the phone drawer: here a stand-in for its page-style entry. */
function DrawerFooterEntry() {
  const shell = useAppShell();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={menuItemVariants({ layout: 'side' })}
      onClick={() => shell?.setDrawerOpen(false)}
    >
      <Palette aria-hidden />
      <span className="truncate">Page style</span>
    </button>
  );
}

function Page({ rows = 4 }: { rows?: number }) {
  return (
    <div className="grid gap-4 pb-4">
      <PageHeader title="Call history" subtitle="Every incoming call, with recordings and notes" />
      <div className="grid gap-4 px-4 sm:grid-cols-3">
        {['Calls today: 128', 'Missed: 4', 'Average hold: 0:42'].map((text) => (
          <div key={text} className="rounded-lg bg-card p-4 text-card-foreground shadow-xs">
            {text}
          </div>
        ))}
      </div>
      <ol className="mx-4 grid gap-2">
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed demo rows
          <li key={index} className="rounded-md bg-card p-3 text-card-foreground text-sm">
            Call {index + 1} — answered by Ada Lovelace, 3:{String(10 + index).padStart(2, '0')} long
          </li>
        ))}
      </ol>
    </div>
  );
}

const meta = {
  title: 'Shell/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    logo: <Logo />,
    menu: shellMenu,
    headerActions: (
      <HeaderActions
        onSearch={fn()}
        helpHref="https://help.example.com"
        notices={[
          { id: 'n1', type: 'notification', title: 'Your weekly call report is ready' },
          { id: 'm1', type: 'message', title: 'Grace Hopper left a video message' },
          { id: 'e1', type: 'event', title: 'Follow up with Ada Lovelace', extra: 'Urgent', status: 'error' },
        ]}
        account={{ name: 'Serati Ma' }}
        accountItems={[{ id: 'logout', label: 'Logout', onSelect: fn(), destructive: true }]}
        languagePicker={<LanguagePicker defaultValue="en-US" display="icon" />}
      />
    ),
    footer: 'Parley © 2026',
    children: <Page />,
    onCollapsedChange: fn(),
  },
  argTypes: {
    layout: { control: 'inline-radio', options: ['side', 'top'] },
    navTheme: { control: 'inline-radio', options: ['dark', 'light'] },
    contentWidth: { control: 'inline-radio', options: ['fixed', 'fluid'] },
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Side layout: the menu on the start side, with a collapse button in the header. */
export const Side: Story = {
  args: { layout: 'side' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Collapse menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(args.onCollapsedChange).toHaveBeenCalledWith(true);
    const expand = canvas.getByRole('button', { name: 'Expand menu' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    await expect(canvas.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Top layout (the SPEC §9 default): logo, menu and actions in one dark bar. */
export const Top: Story = {
  args: { layout: 'top' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('banner')).getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /menu/i })).toBeNull();
  },
};

export const Collapsed: Story = {
  args: { layout: 'side', defaultCollapsed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Expand menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('link', { name: 'Call history' })).toBeInTheDocument();
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** The header stays at the top while the page scrolls. */
export const FixedHeader: Story = {
  args: { layout: 'side', fixedHeader: true, children: <Page rows={40} /> },
};

/** The fixed header slides away when scrolling down and comes back when scrolling up. */
export const HideHeaderOnScroll: Story = {
  args: { layout: 'top', fixedHeader: true, hideHeaderOnScroll: true, children: <Page rows={60} /> },
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByRole('banner');
    const view = canvasElement.ownerDocument.defaultView ?? window;
    try {
      view.scrollTo(0, 600);
      await waitFor(() => expect(header).toHaveAttribute('data-state', 'hidden'));
      view.scrollTo(0, 300);
      await waitFor(() => expect(header).toHaveAttribute('data-state', 'visible'));
    } finally {
      view.scrollTo(0, 0);
    }
  },
};

export const Fluid: Story = { args: { layout: 'top', contentWidth: 'fluid' } };

export const DarkNavSide: Story = { args: { layout: 'side', navTheme: 'dark' } };
export const LightNavSide: Story = {
  args: { layout: 'side', navTheme: 'light' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="app-shell"]')).toHaveAttribute('data-nav-theme', 'light');
  },
};
export const DarkNavTop: Story = { args: { layout: 'top', navTheme: 'dark' } };
export const LightNavTop: Story = { args: { layout: 'top', navTheme: 'light' } };

/** Right to left: the side menu moves to the right and the collapse icon mirrors. */
export const SideRightToLeft: Story = {
  args: { layout: 'side' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const sidebar = canvasElement.querySelector('[data-slot="app-shell-sidebar"]') as HTMLElement;
    const main = within(canvasElement).getByRole('main');
    await expect(sidebar.getBoundingClientRect().left).toBeGreaterThan(main.getBoundingClientRect().left);
  },
};

/** Keyboard users can jump over the menu straight to the page. */
export const SkipLink: Story = {
  args: { layout: 'side' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    // Following the link would change the test page's address, so check where it points instead.
    await expect(skip).toHaveAttribute('href', `#${canvas.getByRole('main').id}`);
    await expect(canvas.getByRole('main')).toHaveAttribute('tabindex', '-1');
  },
};

/** The dark colour theme, side layout. */
export const DarkTheme: Story = { args: { layout: 'side' }, globals: { theme: 'dark' } };

/** In RTL the collapse icon mirrors with the sidebar. */
export const CollapseIconFlipsInRtl: Story = {
  args: { layout: 'side' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Collapse menu' });
    const icon = toggle.querySelector('svg') as SVGElement;
    await expect(getComputedStyle(icon).rotate).toBe('180deg');
  },
};

/** How far an element stands from the window's start edge: the left, or the right in RTL. */
function gapAtStartEdge(element: HTMLElement): number {
  const view = element.ownerDocument.documentElement;
  const box = element.getBoundingClientRect();
  // `|| 0`: a drawer still a fraction of a pixel past the edge rounds to -0, which is not 0 to toBe.
  return Math.round(view.dir === 'rtl' ? view.clientWidth - box.right : box.left) || 0;
}

/** The phone references' viewport (see .storybook/preview.tsx); such stories carry the 'phone' tag. */
const PHONE_GLOBALS = { viewport: { value: 'phone', isRotated: false } };

/** On a phone: a menu button at the start of the header, the mark alone, and every action still there. */
export const PhoneTop: Story = {
  tags: ['phone'],
  globals: PHONE_GLOBALS,
  args: { layout: 'top', drawerFooter: <DrawerFooterEntry /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Open menu' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    for (const name of ['Search', /^Notices/, 'Serati Ma', /^Language/]) {
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: 'Help' })).toBeVisible();
    // Nothing sticks out sideways.
    const root = canvasElement.ownerDocument.documentElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** The side layout on a phone: no sidebar; the logo moves into the header beside the menu button. */
export const PhoneSide: Story = {
  tags: ['phone'],
  globals: PHONE_GLOBALS,
  args: { layout: 'side', drawerFooter: <DrawerFooterEntry /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Collapse menu' })).toBeNull();
    await expect(within(canvas.getByRole('banner')).getByRole('link', { name: 'Parley' })).toBeVisible();
  },
};

/** The menu drawer open: the whole menu on the current page, and the app's extra entry below it. */
export const PhoneDrawerOpen: Story = {
  tags: ['phone'],
  globals: PHONE_GLOBALS,
  args: { layout: 'top', drawerFooter: <DrawerFooterEntry /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const button = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    const drawer = await body.findByRole('dialog', { name: 'Main menu' });
    await waitFor(() => expect(drawer).toBeVisible());
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAttribute('aria-controls', drawer.id);
    const current = within(drawer).getByRole('link', { name: 'Call history' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(current).toHaveFocus());
    await expect(within(drawer).getByRole('button', { name: 'Page style' })).toBeVisible();
    await waitFor(() => expect(gapAtStartEdge(drawer)).toBe(0));
  },
};

/** Choosing an entry closes the drawer; so does Escape, and focus goes back to the menu button. */
export const PhoneDrawerCloses: Story = {
  tags: ['phone'],
  globals: PHONE_GLOBALS,
  args: {
    layout: 'side',
    // Links that route in place, as an app's router does: following one would change the test page's address.
    menu: ({ layout, collapsed, navTheme }) => (
      <Menu
        items={menuItems}
        mode={layout}
        collapsed={collapsed}
        theme={navTheme}
        defaultSelectedKey="call-history"
        renderLink={({ href, children }) => (
          <a href={href} onClick={(event) => event.preventDefault()}>
            {children}
          </a>
        )}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const button = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    const drawer = await body.findByRole('dialog', { name: 'Main menu' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Library' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.click(button);
    await body.findByRole('dialog', { name: 'Main menu' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

/** Right to left, the drawer comes in from the right: the start side in Arabic. */
export const PhoneDrawerRightToLeft: Story = {
  tags: ['phone'],
  globals: { ...PHONE_GLOBALS, locale: 'ar-EG' },
  args: { layout: 'top', drawerFooter: <DrawerFooterEntry /> },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const button = canvasElement.querySelector('[data-slot="app-shell-menu-button"]') as HTMLElement;
    await expect(button.getBoundingClientRect().right).toBeGreaterThan(
      canvasElement.ownerDocument.body.clientWidth / 2,
    );
    await userEvent.click(button);
    const drawer = await body.findByRole('dialog');
    await expect(drawer).toHaveAttribute('dir', 'rtl');
    const view = canvasElement.ownerDocument.documentElement;
    await waitFor(() => expect(Math.round(drawer.getBoundingClientRect().right)).toBe(view.clientWidth));
    await waitFor(() => expect(gapAtStartEdge(drawer)).toBe(0));
  },
};

/** On a phone the search opens over the whole header, with a button to close it. */
export const PhoneSearchOpen: Story = {
  tags: ['phone'],
  globals: PHONE_GLOBALS,
  args: { layout: 'top' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    const field = canvas.getByRole('searchbox', { name: 'Search' });
    await waitFor(() => expect(field).toHaveFocus());
    const header = canvas.getByRole('banner').getBoundingClientRect();
    const search = canvas.getByRole('search').getBoundingClientRect();
    await expect(search.width).toBe(header.width);
    await expect(canvas.getByRole('button', { name: 'Close search' })).toBeVisible();
  },
};
