import { useTranslation } from '@parley/i18n';
import { Menu as MenuIcon, X } from 'lucide-react';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { DrawerBody, DrawerClose, DrawerContent, DrawerTitle, DrawerTrigger } from '../drawer/drawer';

/** Tailwind's `md`: from here up the menu sits in the header or the sidebar; below it, in the drawer. */
const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

/** The shell's own icon buttons (menu, collapse, close) take the colour of the bar they sit on. */
const shellButtonClass = cn(
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-current outline-none',
  'transition-colors hover:bg-current/10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
);

/** The hamburger at the start of the header on phones; it opens the drawer (`aria-expanded`, `aria-controls`). */
function AppShellMenuButton({ ref }: { ref?: React.Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  return (
    <DrawerTrigger
      ref={ref}
      data-slot="app-shell-menu-button"
      aria-label={t('ui.menu.open')}
      title={t('ui.menu.open')}
      className={cn(shellButtonClass, 'md:hidden')}
    >
      <MenuIcon aria-hidden className="size-5" />
    </DrawerTrigger>
  );
}

/** A click that follows a link or picks a menu entry; one with a modifier opens elsewhere and keeps the drawer. */
function isChoice(event: React.MouseEvent<HTMLElement>): boolean {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  return event.target instanceof Element && event.target.closest('a[href], [data-slot="menu-item"]') !== null;
}

interface AppShellDrawerProps {
  /** Names the drawer (a dialog) for assistive technology. */
  title: string;
  navTheme: 'dark' | 'light';
  logo: React.ReactNode;
  menu: React.ReactNode;
  /** Whether the menu brings its own navigation landmark; otherwise the drawer's body is one. */
  menuHasLandmark: boolean;
  footer: React.ReactNode;
  /** Called when the person follows a link or picks an entry, so the drawer gets out of the way. */
  onChoose: () => void;
}

/**
 * The phone menu: the shell's menu in a drawer from the start side (the right in RTL), in the
 * navigation colours. It opens on the current page's entry, and closes on a choice, on Escape,
 * on the close button or a tap outside, with focus going back to the menu button.
 */
function AppShellDrawer({ title, navTheme, logo, menu, menuHasLandmark, footer, onChoose }: AppShellDrawerProps) {
  const { t } = useTranslation();
  const bodyRef = React.useRef<HTMLDivElement>(null);

  function focusCurrentEntry(event: Event) {
    const current = bodyRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.focus();
    if (current && current === document.activeElement) {
      event.preventDefault();
    }
  }

  return (
    <DrawerContent
      data-slot="app-shell-drawer"
      data-nav-theme={navTheme}
      side="start"
      showCloseButton={false}
      aria-describedby={undefined}
      onOpenAutoFocus={focusCurrentEntry}
      onClick={(event) => {
        if (isChoice(event)) {
          onChoose();
        }
      }}
      className="gap-0 border-nav-foreground/10 bg-nav text-nav-foreground"
    >
      <div
        data-slot="app-shell-drawer-header"
        className="flex h-header shrink-0 items-center gap-2 border-nav-foreground/10 border-b ps-4 pe-2"
      >
        <DrawerTitle className="sr-only">{title}</DrawerTitle>
        <div className="flex min-w-0 flex-1 items-center overflow-hidden font-semibold">{logo}</div>
        <DrawerClose data-slot="app-shell-drawer-close" aria-label={t('ui.action.close')} className={shellButtonClass}>
          <X aria-hidden className="size-4" />
        </DrawerClose>
      </div>
      <DrawerBody
        ref={bodyRef}
        data-slot="app-shell-drawer-body"
        role={menuHasLandmark ? undefined : 'navigation'}
        aria-label={menuHasLandmark ? undefined : title}
        className="px-0 py-1 [&_[data-slot=menu]]:w-full"
      >
        {menu}
      </DrawerBody>
      {footer ? (
        <div data-slot="app-shell-drawer-footer" className="shrink-0 border-nav-foreground/10 border-t p-1">
          {footer}
        </div>
      ) : null}
    </DrawerContent>
  );
}

export { AppShellDrawer, AppShellMenuButton, shellButtonClass, WIDE_SCREEN_QUERY };
