import { useTranslation } from '@parley/i18n';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Drawer } from '../drawer/drawer';
import { AppShellDrawer, AppShellMenuButton, shellButtonClass, WIDE_SCREEN_QUERY } from './app-shell-drawer';

type AppShellLayout = 'side' | 'top';
type AppShellNavTheme = 'dark' | 'light';
type AppShellContentWidth = 'fixed' | 'fluid';
type AppShellPlacement = 'shell' | 'drawer';

/** What the shell tells its slots (and, through `useAppShell`, anything inside it). */
interface AppShellState {
  layout: AppShellLayout;
  navTheme: AppShellNavTheme;
  /** Whether the side menu is collapsed to icons; always false in the top layout. */
  collapsed: boolean;
  setCollapsed: (collapsed: boolean) => void;
  /**
   * Where a slot is drawn: in the header or sidebar (`shell`), or in the phone drawer, where
   * `layout` reads `side` and `collapsed` false, so a menu lays itself out as a full list.
   */
  placement: AppShellPlacement;
  /** Whether the phone menu drawer is open. */
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  /** Moves focus to the phone menu button, e.g. when a dialog opened from the drawer closes. */
  focusMenuButton: () => void;
}

type AppShellSlot = React.ReactNode | ((state: AppShellState) => React.ReactNode);

const AppShellContext = React.createContext<AppShellState | null>(null);

/** The surrounding shell's state, or null outside an AppShell. */
function useAppShell(): AppShellState | null {
  return React.useContext(AppShellContext);
}

function renderSlot(slot: AppShellSlot, state: AppShellState): React.ReactNode {
  return typeof slot === 'function' ? slot(state) : slot;
}

/** Scroll distance, in pixels, that counts as a deliberate scroll rather than jitter. */
const SCROLL_JITTER = 4;

/**
 * Hides the header while the page scrolls down and brings it back on the way up, at the top
 * of the page, and whenever focus moves into it (so keyboard users never tab into nothing).
 */
function useHideOnScroll(enabled: boolean, headerRef: React.RefObject<HTMLElement | null>) {
  const [hidden, setHidden] = React.useState(false);

  React.useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let lastY = window.scrollY;
    function handleScroll() {
      const y = window.scrollY;
      const delta = y - lastY;
      if (Math.abs(delta) < SCROLL_JITTER) {
        return;
      }
      lastY = y;
      const header = headerRef.current;
      const headerHeight = header?.offsetHeight ?? 0;
      const focusInside = header?.contains(document.activeElement) ?? false;
      setHidden(delta > 0 && y > headerHeight && !focusInside);
    }
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [enabled, headerRef]);

  return [hidden, () => setHidden(false)] as const;
}

type AppShellProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Menu at the start side (`side`) or in the header (`top`); SPEC §9 default is `top`. */
  layout?: AppShellLayout;
  /** Navigation colours; sets `data-nav-theme`. */
  navTheme?: AppShellNavTheme;
  /** `fixed` centres the content at the content width; `fluid` fills the window. */
  contentWidth?: AppShellContentWidth;
  /** Keep the header at the top while the page scrolls. */
  fixedHeader?: boolean;
  /** Keep the side menu in view while the page scrolls (side layout). */
  fixedSidebar?: boolean;
  /** Slide the header away when scrolling down and back when scrolling up; needs `fixedHeader`. */
  hideHeaderOnScroll?: boolean;
  /** Whether the side menu is collapsed to icons (controlled). */
  collapsed?: boolean;
  /** Whether the side menu starts collapsed (uncontrolled). */
  defaultCollapsed?: boolean;
  /** Called when the collapse button is pressed. */
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Whether the phone menu drawer is open (controlled). */
  drawerOpen?: boolean;
  /** Whether the phone menu drawer starts open (uncontrolled). */
  defaultDrawerOpen?: boolean;
  /** Called when the phone menu drawer opens or closes. */
  onDrawerOpenChange?: (open: boolean) => void;
  /** Product logo and name; a function receives the shell state (e.g. to drop the name when collapsed). */
  logo?: AppShellSlot;
  /** The main menu (our Menu); a function receives the shell state. */
  menu?: AppShellSlot;
  /** Actions at the end of the header (HeaderActions). */
  headerActions?: React.ReactNode;
  /**
   * Below the menu in the phone drawer: room for what the phone header leaves out (page style,
   * say). A function receives the shell state, e.g. to close the drawer.
   */
  drawerFooter?: AppShellSlot;
  /** Page footer, below the content. */
  footer?: React.ReactNode;
  /** Name of the navigation landmark when the menu slot has none of its own; defaults to 'Main menu'. */
  menuLabel?: string;
  /** Id of the main landmark, the target of the skip link. */
  mainId?: string;
  /** The page. */
  children?: React.ReactNode;
};

/** Closes the drawer when the window grows past the phone width, where the drawer has no button. */
function useCloseOnWideScreen(open: boolean, setOpen: (open: boolean) => void) {
  React.useEffect(() => {
    if (!open) {
      return;
    }
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    function handleChange() {
      if (wide.matches) {
        setOpen(false);
      }
    }
    wide.addEventListener('change', handleChange);
    return () => wide.removeEventListener('change', handleChange);
  }, [open, setOpen]);
}

/**
 * The page frame: header (banner), navigation and main landmarks, in a side or top layout
 * (SPEC §2.6, §9). The side menu sits on the start side, so it moves to the right in RTL.
 * Below Tailwind's `md` (phones) the header starts with a menu button and the menu moves into
 * a drawer from the start side, in both layouts; from `md` up nothing of it shows.
 */
function AppShell({
  layout = 'top',
  navTheme = 'dark',
  contentWidth = 'fixed',
  fixedHeader = false,
  fixedSidebar = true,
  hideHeaderOnScroll = false,
  collapsed: collapsedProp,
  defaultCollapsed = false,
  onCollapsedChange,
  drawerOpen: drawerOpenProp,
  defaultDrawerOpen = false,
  onDrawerOpenChange,
  logo,
  menu,
  headerActions,
  drawerFooter,
  footer,
  menuLabel,
  mainId = 'main-content',
  className,
  children,
  ...props
}: AppShellProps) {
  const { t } = useTranslation();
  const sidebarId = React.useId();
  const headerRef = React.useRef<HTMLElement>(null);
  const [sideCollapsed, setCollapsed] = useControllableState(collapsedProp, defaultCollapsed, onCollapsedChange);
  const isSide = layout === 'side';
  const collapsed = isSide && sideCollapsed;
  const [headerHidden, revealHeader] = useHideOnScroll(fixedHeader && hideHeaderOnScroll, headerRef);
  const [drawerOpen, setDrawerOpen] = useControllableState(drawerOpenProp, defaultDrawerOpen, onDrawerOpenChange);
  useCloseOnWideScreen(drawerOpen, setDrawerOpen);
  const menuButtonRef = React.useRef<HTMLButtonElement>(null);
  const focusMenuButton = React.useCallback(() => menuButtonRef.current?.focus(), []);

  const state = React.useMemo<AppShellState>(
    () => ({
      layout,
      navTheme,
      collapsed,
      setCollapsed,
      placement: 'shell',
      drawerOpen,
      setDrawerOpen,
      focusMenuButton,
    }),
    [layout, navTheme, collapsed, setCollapsed, drawerOpen, setDrawerOpen, focusMenuButton],
  );
  const drawerState = React.useMemo<AppShellState>(
    () => ({ ...state, layout: 'side', collapsed: false, placement: 'drawer' }),
    [state],
  );
  const hasDrawer = Boolean(menu || drawerFooter);
  const navigationLabel = menuLabel ?? t('ui.menu.label');

  // Our Menu brings its own <nav>; a plain list gets the landmark from this wrapper instead,
  // so there is always exactly one navigation landmark for the menu.
  const menuRef = React.useRef<HTMLDivElement>(null);
  const [menuHasLandmark, setMenuHasLandmark] = React.useState(false);
  React.useLayoutEffect(() => {
    setMenuHasLandmark(Boolean(menuRef.current?.querySelector('nav, [role="navigation"]')));
  });

  const navigation = menu ? (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label comes with role="navigation", set just below.
    <div
      ref={menuRef}
      data-slot="app-shell-nav"
      role={menuHasLandmark ? undefined : 'navigation'}
      aria-label={menuHasLandmark ? undefined : navigationLabel}
      className={cn(
        isSide ? 'min-h-0 flex-1 overflow-y-auto overflow-x-hidden' : 'flex h-full min-w-0 flex-1 items-center',
        !isSide && 'overflow-x-auto max-md:hidden',
      )}
    >
      {renderSlot(menu, state)}
    </div>
  ) : null;

  const logoBlock = logo ? (
    <div
      data-slot="app-shell-logo"
      className={cn(
        'flex h-header shrink-0 items-center overflow-hidden font-semibold',
        isSide ? (collapsed ? 'justify-center px-2' : 'px-4') : 'pe-2',
      )}
    >
      {renderSlot(logo, state)}
    </div>
  ) : null;

  const collapseLabel = collapsed ? t('ui.menu.expand') : t('ui.menu.collapse');
  const CollapseIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const menuButton = hasDrawer ? <AppShellMenuButton ref={menuButtonRef} /> : null;

  const header = (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens to focus bubbling up from its controls.
    <header
      ref={headerRef}
      data-slot="app-shell-header"
      data-state={headerHidden ? 'hidden' : 'visible'}
      onFocus={revealHeader}
      className={cn(
        'z-30 h-header shrink-0 transition-transform duration-200 data-[state=hidden]:-translate-y-full',
        // Positioned on phones, so that a header search can open over the whole bar there.
        fixedHeader ? 'sticky top-0' : 'max-md:relative',
        isSide
          ? 'flex items-center gap-2 border-b bg-card px-2 text-card-foreground shadow-xs [--header-background:var(--color-card)]'
          : 'bg-nav text-nav-foreground shadow-sm [--header-background:var(--color-nav)]',
        !isSide && navTheme === 'light' && 'border-b',
      )}
    >
      {/* The drawer's root holds no markup: the menu button and the portalled drawer share its state. */}
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen}>
        {isSide ? (
          <>
            {menuButton}
            <button
              type="button"
              data-slot="app-shell-collapse"
              aria-expanded={!collapsed}
              aria-controls={sidebarId}
              aria-label={collapseLabel}
              title={collapseLabel}
              onClick={() => setCollapsed(!collapsed)}
              className={cn(shellButtonClass, 'max-md:hidden')}
            >
              <CollapseIcon aria-hidden className="size-4 rtl:rotate-180" />
            </button>
            {logo ? (
              // On phones the sidebar, and the logo in it, is hidden: the header shows the logo instead.
              <div
                data-slot="app-shell-logo"
                className="flex h-header min-w-0 shrink items-center overflow-hidden font-semibold md:hidden"
              >
                {renderSlot(logo, { ...state, collapsed: false })}
              </div>
            ) : null}
            <div className="flex-1" />
            {headerActions ? (
              <div data-slot="app-shell-actions" className="flex items-center gap-1">
                {headerActions}
              </div>
            ) : null}
          </>
        ) : (
          <div
            className={cn(
              'flex h-full items-center gap-4 px-4 max-md:gap-2 max-md:px-2',
              contentWidth === 'fixed' && 'mx-auto w-full max-w-content',
            )}
          >
            {menuButton}
            {logoBlock}
            {navigation ? (
              <>
                {navigation}
                <div className="flex-1 md:hidden" />
              </>
            ) : (
              <div className="flex-1" />
            )}
            {headerActions ? (
              <div data-slot="app-shell-actions" className="flex shrink-0 items-center gap-1">
                {headerActions}
              </div>
            ) : null}
          </div>
        )}
        {hasDrawer ? (
          // What is drawn in the drawer hears the drawer's state from useAppShell too.
          <AppShellContext.Provider value={drawerState}>
            <AppShellDrawer
              title={navigationLabel}
              navTheme={navTheme}
              logo={logo ? renderSlot(logo, drawerState) : null}
              menu={menu ? renderSlot(menu, drawerState) : null}
              menuHasLandmark={menuHasLandmark}
              footer={drawerFooter ? renderSlot(drawerFooter, drawerState) : null}
              onChoose={() => setDrawerOpen(false)}
            />
          </AppShellContext.Provider>
        ) : null}
      </Drawer>
    </header>
  );

  const content = (
    <>
      <main id={mainId} tabIndex={-1} data-slot="app-shell-main" className="flex min-w-0 flex-1 flex-col outline-none">
        <div
          data-slot="app-shell-content"
          className={cn('w-full flex-1', contentWidth === 'fixed' && 'mx-auto max-w-content')}
        >
          {children}
        </div>
      </main>
      {footer ? (
        <footer data-slot="app-shell-footer" className="shrink-0 px-4 py-6 text-center text-muted-foreground text-sm">
          {footer}
        </footer>
      ) : null}
    </>
  );

  return (
    <AppShellContext.Provider value={state}>
      <div
        data-slot="app-shell"
        data-layout={layout}
        data-nav-theme={navTheme}
        data-content-width={contentWidth}
        data-fixed-header={fixedHeader ? 'true' : undefined}
        data-fixed-sidebar={isSide && fixedSidebar ? 'true' : undefined}
        className={cn('flex min-h-svh bg-muted text-foreground', isSide ? 'flex-row' : 'flex-col', className)}
        {...props}
      >
        <a
          href={`#${mainId}`}
          data-slot="app-shell-skip-link"
          className={cn(
            'sr-only z-50 rounded-md bg-primary px-3 py-2 font-medium text-primary-foreground text-sm',
            'focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:outline-none focus:ring-[3px] focus:ring-ring/50',
          )}
        >
          {t('ui.shell.skipToContent')}
        </a>
        {isSide ? (
          <>
            <div
              id={sidebarId}
              data-slot="app-shell-sidebar"
              data-state={collapsed ? 'collapsed' : 'expanded'}
              className={cn(
                'z-40 flex w-sidebar shrink-0 flex-col bg-nav text-nav-foreground shadow-sm max-md:hidden',
                'transition-[width] duration-200 data-[state=collapsed]:w-sidebar-collapsed',
                navTheme === 'light' && 'border-e',
                fixedSidebar && 'sticky top-0 h-svh',
              )}
            >
              {logoBlock}
              {navigation}
            </div>
            <div className="flex min-w-0 flex-1 flex-col">
              {header}
              {content}
            </div>
          </>
        ) : (
          <>
            {header}
            {content}
          </>
        )}
      </div>
    </AppShellContext.Provider>
  );
}

export {
  AppShell,
  type AppShellContentWidth,
  type AppShellLayout,
  type AppShellNavTheme,
  type AppShellPlacement,
  type AppShellProps,
  type AppShellSlot,
  type AppShellState,
  useAppShell,
};
