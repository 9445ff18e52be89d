import { useTranslation } from '@parley/i18n';
import { cva } from 'class-variance-authority';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Direction, DropdownMenu, Slot, Tooltip } from 'radix-ui';
import * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { useMenuReturnFocus } from '../../hooks/use-menu-return-focus';
import { cn } from '../../lib/cn';
import { TOOLTIP_DELAY_MS } from '../../lib/tooltip-delay';

/** One entry of the navigation; an entry with `children` is a sub-menu. */
interface MenuItem {
  /** Unique across the whole tree; what `selectedKey`, `openKeys` and `onSelect` speak of. */
  key: string;
  label: string;
  icon?: React.ReactNode;
  /** Where the entry leads; entries without one are buttons. Ignored on sub-menus. */
  href?: string;
  children?: MenuItem[];
  disabled?: boolean;
}

/** What `renderLink` receives; the returned element gets the menu's props (class, handlers, ref) merged in. */
interface MenuLinkRenderProps {
  href: string;
  item: MenuItem;
  children: React.ReactNode;
}

type MenuMode = 'side' | 'top';
type MenuTheme = 'dark' | 'light';

type MenuProps = Omit<React.ComponentProps<'nav'>, 'onSelect' | 'children'> & {
  items: MenuItem[];
  /** `side`: a vertical sidebar with expandable groups; `top`: a horizontal bar with drop-down sub-menus. */
  mode?: MenuMode;
  /** Side mode only: icons alone, labels in tooltips, sub-menus as fly-outs. */
  collapsed?: boolean;
  /** Navigation colours: `dark` (SPEC §9 default) or `light`. */
  theme?: MenuTheme;
  /** The key of the current page's entry, when controlled (`null` for none). */
  selectedKey?: string | null;
  /** The key selected at first, when uncontrolled. */
  defaultSelectedKey?: string;
  /** Called when the user activates an entry. */
  onSelect?: (key: string, item: MenuItem) => void;
  /** Side mode: the expanded sub-menus, when controlled. */
  openKeys?: string[];
  /** Side mode: the sub-menus expanded at first; defaults to those holding the selected entry. */
  defaultOpenKeys?: string[];
  /** Called with the new list of expanded sub-menus. */
  onOpenChange?: (openKeys: string[]) => void;
  /** Renders a link, so the app can use its router; defaults to a plain `<a href>`. */
  renderLink?: (props: MenuLinkRenderProps) => React.ReactElement;
};

function defaultRenderLink({ href, children }: MenuLinkRenderProps) {
  return <a href={href}>{children}</a>;
}

/** Keys from the root down to `key` (inclusive), or an empty list when it is not in the tree. */
function findPath(items: MenuItem[], key: string | null | undefined): string[] {
  if (key === null || key === undefined) {
    return [];
  }
  for (const item of items) {
    if (item.key === key) {
      return [item.key];
    }
    if (item.children) {
      const below = findPath(item.children, key);
      if (below.length > 0) {
        return [item.key, ...below];
      }
    }
  }
  return [];
}

/** The entries that take part in arrow-key navigation, in screen order, with their parents. */
function collectFocusable(
  items: MenuItem[],
  expandGroups: boolean,
  openKeys: string[],
  parent: string | null = null,
  into: { keys: string[]; parents: Map<string, string | null> } = { keys: [], parents: new Map() },
) {
  for (const item of items) {
    if (item.disabled) {
      continue;
    }
    into.keys.push(item.key);
    into.parents.set(item.key, parent);
    if (expandGroups && item.children && openKeys.includes(item.key)) {
      collectFocusable(item.children, expandGroups, openKeys, item.key, into);
    }
  }
  return into;
}

const menuItemVariants = cva(
  [
    'flex w-full min-w-0 items-center gap-2.5 text-sm text-nav-foreground transition-colors outline-none select-none',
    'hover:bg-nav-foreground/10 focus-visible:ring-2 focus-visible:ring-nav-foreground/70 focus-visible:ring-inset',
    'aria-[current=page]:bg-nav-active aria-[current=page]:font-medium aria-[current=page]:text-nav-active-foreground',
    'aria-[current=page]:hover:bg-nav-active',
    'data-[selection=descendant]:font-semibold',
    'disabled:cursor-not-allowed disabled:text-nav-muted disabled:hover:bg-transparent',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      layout: {
        side: 'h-10 rounded-md px-4',
        collapsed: 'mx-auto size-10 justify-center rounded-md px-0 data-[selection=descendant]:bg-nav-foreground/10',
        top: 'h-full whitespace-nowrap px-4 data-[selection=descendant]:bg-nav-foreground/10',
      },
    },
    defaultVariants: { layout: 'side' },
  },
);

const popupContentClass = cn(
  'z-50 min-w-44 overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md',
  'data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 data-[state=open]:animate-in',
  'data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=closed]:animate-out',
);

const popupItemClass = cn(
  'flex h-8 w-full cursor-pointer items-center gap-2 rounded-sm px-2 text-sm outline-none select-none',
  'data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
  'aria-[current=page]:font-medium aria-[current=page]:text-primary-text',
  'data-[highlighted]:aria-[current=page]:text-accent-foreground',
  'data-[selection=descendant]:font-semibold',
  'data-[disabled]:cursor-not-allowed data-[disabled]:text-muted-foreground',
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
);

interface MenuContextValue {
  mode: MenuMode;
  collapsed: boolean;
  dir: 'ltr' | 'rtl';
  baseId: string;
  selectedPath: string[];
  openKeys: string[];
  tabStopKey: string | undefined;
  popupKey: string | null;
  setPopupKey: (key: string | null) => void;
  toggleOpen: (key: string) => void;
  select: (item: MenuItem) => void;
  renderLink: (props: MenuLinkRenderProps) => React.ReactElement;
  registerEntry: (key: string) => (element: HTMLElement | null) => void;
  onEntryFocus: (key: string) => void;
  onEntryKeyDown: (event: React.KeyboardEvent<HTMLElement>, item: MenuItem) => void;
}

const MenuContext = React.createContext<MenuContextValue | null>(null);

function useMenuContext(): MenuContextValue {
  const context = React.useContext(MenuContext);
  if (!context) {
    throw new Error('Menu parts must be rendered inside <Menu>.');
  }
  return context;
}

/**
 * The app navigation, built from data. Side mode is a vertical list whose groups expand in place
 * (or fly out when collapsed); top mode is a horizontal bar whose groups drop down. The menu is
 * one Tab stop: arrow keys move between entries (mirrored right to left), Enter and Space activate,
 * and the current page's entry carries `aria-current="page"`.
 */
function Menu({
  items,
  mode = 'side',
  collapsed = false,
  theme = 'dark',
  selectedKey: selectedKeyProp,
  defaultSelectedKey,
  onSelect,
  openKeys: openKeysProp,
  defaultOpenKeys,
  onOpenChange,
  renderLink = defaultRenderLink,
  className,
  'aria-label': ariaLabel,
  ...props
}: MenuProps) {
  const { t } = useTranslation();
  const dir = Direction.useDirection();
  const baseId = React.useId();
  const [selectedKey, setSelectedKey] = useControllableState<string | null>(
    selectedKeyProp,
    defaultSelectedKey ?? null,
  );
  const [openKeys, setOpenKeys] = useControllableState<string[]>(
    openKeysProp,
    defaultOpenKeys ?? findPath(items, selectedKeyProp ?? defaultSelectedKey).slice(0, -1),
    onOpenChange,
  );
  const [popupKey, setPopupKey] = React.useState<string | null>(null);
  const [focusedKey, setFocusedKey] = React.useState<string | null>(null);
  const entries = React.useRef(new Map<string, HTMLElement>());

  const layout = mode === 'top' ? 'top' : collapsed ? 'collapsed' : 'side';
  const selectedPath = findPath(items, selectedKey);
  const focusable = collectFocusable(items, layout === 'side', openKeys);
  const selectedVisible = [...selectedPath].reverse().find((key) => focusable.keys.includes(key));
  const tabStopKey =
    focusedKey !== null && focusable.keys.includes(focusedKey) ? focusedKey : (selectedVisible ?? focusable.keys[0]);

  const focusEntry = (key: string | undefined) => {
    if (key !== undefined) {
      entries.current.get(key)?.focus();
    }
  };

  const toggleOpen = (key: string) => {
    setOpenKeys(openKeys.includes(key) ? openKeys.filter((open) => open !== key) : [...openKeys, key]);
  };

  const onEntryKeyDown = (event: React.KeyboardEvent<HTMLElement>, item: MenuItem) => {
    const index = focusable.keys.indexOf(item.key);
    const next = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const previous = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const forwardKey = layout === 'top' ? next : 'ArrowDown';
    const backwardKey = layout === 'top' ? previous : 'ArrowUp';
    const isGroup = item.children !== undefined;
    const isOpen = openKeys.includes(item.key);

    let handled = true;
    if (event.key === forwardKey) {
      focusEntry(focusable.keys[(index + 1) % focusable.keys.length]);
    } else if (event.key === backwardKey) {
      focusEntry(focusable.keys[(index - 1 + focusable.keys.length) % focusable.keys.length]);
    } else if (event.key === 'Home') {
      focusEntry(focusable.keys[0]);
    } else if (event.key === 'End') {
      focusEntry(focusable.keys[focusable.keys.length - 1]);
    } else if (layout === 'side' && event.key === next && isGroup) {
      if (isOpen) {
        focusEntry(collectFocusable(item.children ?? [], false, []).keys[0]);
      } else {
        toggleOpen(item.key);
      }
    } else if (layout === 'side' && event.key === previous) {
      const parent = focusable.parents.get(item.key);
      if (isGroup && isOpen) {
        toggleOpen(item.key);
      } else if (parent) {
        focusEntry(parent);
      } else {
        handled = false;
      }
    } else if (layout === 'collapsed' && event.key === next && isGroup) {
      setPopupKey(item.key);
    } else if (event.key === ' ' && event.currentTarget instanceof HTMLAnchorElement) {
      // Links activate on Enter natively; menus also activate them on Space.
      event.currentTarget.click();
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
    }
  };

  const context: MenuContextValue = {
    mode,
    collapsed: layout === 'collapsed',
    dir,
    baseId,
    selectedPath,
    openKeys,
    tabStopKey,
    popupKey,
    setPopupKey,
    toggleOpen,
    select: (item) => {
      setSelectedKey(item.key);
      setPopupKey(null);
      onSelect?.(item.key, item);
    },
    renderLink,
    registerEntry: (key) => (element) => {
      if (element) {
        entries.current.set(key, element);
      } else {
        entries.current.delete(key);
      }
    },
    onEntryFocus: setFocusedKey,
    onEntryKeyDown,
  };

  return (
    <MenuContext.Provider value={context}>
      <nav
        data-slot="menu"
        data-mode={mode}
        data-state={layout === 'collapsed' ? 'collapsed' : 'expanded'}
        data-nav-theme={theme}
        aria-label={ariaLabel ?? t('ui.menu.label')}
        className={cn(
          'bg-nav text-nav-foreground',
          mode === 'top'
            ? 'h-header'
            : cn('overflow-y-auto', layout === 'collapsed' ? 'w-sidebar-collapsed' : 'w-sidebar'),
          className,
        )}
        {...props}
      >
        <ul
          data-slot="menu-list"
          className={cn(mode === 'top' ? 'flex h-full items-stretch' : 'flex flex-col gap-1 p-1')}
        >
          {items.map((item) =>
            layout === 'side' ? (
              <SideEntry key={item.key} item={item} depth={0} />
            ) : (
              <PopupBarEntry key={item.key} item={item} />
            ),
          )}
        </ul>
      </nav>
    </MenuContext.Provider>
  );
}

/** The props every focusable entry of the bar or sidebar shares. */
function useEntryProps(item: MenuItem) {
  const context = useMenuContext();
  const isSelected = context.selectedPath[context.selectedPath.length - 1] === item.key;
  const holdsSelection = !isSelected && context.selectedPath.includes(item.key);
  return {
    ref: context.registerEntry(item.key),
    tabIndex: context.tabStopKey === item.key ? 0 : -1,
    'aria-current': isSelected ? ('page' as const) : undefined,
    'data-selection': holdsSelection ? 'descendant' : undefined,
    onFocus: () => context.onEntryFocus(item.key),
    onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => context.onEntryKeyDown(event, item),
  };
}

/** An icon and a label; in the collapsed sidebar the label is only for assistive technology. */
function EntryContent({ item, hideLabel = false }: { item: MenuItem; hideLabel?: boolean }) {
  if (hideLabel) {
    return (
      <>
        {item.icon ?? (
          <span aria-hidden className="font-semibold uppercase">
            {Array.from(item.label)[0]}
          </span>
        )}
        <span className="sr-only">{item.label}</span>
      </>
    );
  }
  return (
    <>
      {item.icon}
      <span className="truncate">{item.label}</span>
    </>
  );
}

interface LeafProps extends React.ComponentProps<'button'> {
  item: MenuItem;
}

/** A leaf entry: a link through `renderLink`, or a button when it has no href or is disabled. */
function Leaf({ item, className, children, onClick, ...props }: LeafProps) {
  const context = useMenuContext();
  const shared = {
    'data-slot': 'menu-item',
    className,
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      onClick?.(event as React.MouseEvent<HTMLButtonElement>);
      context.select(item);
    },
  };
  if (item.disabled || item.href === undefined) {
    return (
      <button type="button" disabled={item.disabled} {...props} {...shared}>
        {children}
      </button>
    );
  }
  return (
    <Slot.Root {...(props as React.HTMLAttributes<HTMLElement>)} {...shared}>
      {context.renderLink({ href: item.href, item, children })}
    </Slot.Root>
  );
}

/** An entry of the expanded sidebar; groups expand in place. */
function SideEntry({ item, depth }: { item: MenuItem; depth: number }) {
  const context = useMenuContext();
  const entryProps = useEntryProps(item);
  const indent = { paddingInlineStart: `${1 + depth * 1.5}rem` };
  const className = menuItemVariants({ layout: 'side' });
  if (!item.children) {
    return (
      <li data-slot="menu-entry">
        <Leaf item={item} className={className} style={indent} {...entryProps}>
          <EntryContent item={item} />
        </Leaf>
      </li>
    );
  }
  const isOpen = context.openKeys.includes(item.key);
  const listId = `${context.baseId}-${item.key}`;
  return (
    <li data-slot="menu-entry">
      <button
        type="button"
        data-slot="menu-submenu-trigger"
        data-state={isOpen ? 'open' : 'closed'}
        aria-expanded={isOpen}
        aria-controls={listId}
        disabled={item.disabled}
        className={cn('group/submenu', className)}
        style={indent}
        {...entryProps}
        onClick={() => context.toggleOpen(item.key)}
      >
        <EntryContent item={item} />
        <ChevronDown
          aria-hidden
          className="ms-auto size-3.5 transition-transform group-data-[state=open]/submenu:rotate-180"
        />
      </button>
      <ul id={listId} data-slot="menu-submenu" hidden={!isOpen} className="mt-1 flex flex-col gap-1">
        {item.children.map((child) => (
          <SideEntry key={child.key} item={child} depth={depth + 1} />
        ))}
      </ul>
    </li>
  );
}

/** A top-level entry of the top bar or of the collapsed sidebar; groups open a pop-up. */
function PopupBarEntry({ item }: { item: MenuItem }) {
  const context = useMenuContext();
  const entryProps = useEntryProps(item);
  const layout = context.mode === 'top' ? 'top' : 'collapsed';
  const className = menuItemVariants({ layout });
  const popupSide = context.mode === 'top' ? 'bottom' : context.dir === 'rtl' ? 'left' : 'right';
  // Back to the entry when its pop-up closes, ringed only for keyboard users.
  const returnFocus = useMenuReturnFocus({ modal: false });

  if (!item.children) {
    const leaf = (
      <Leaf item={item} className={className} {...entryProps}>
        <EntryContent item={item} hideLabel={context.collapsed} />
      </Leaf>
    );
    return (
      <li data-slot="menu-entry" className={layout === 'top' ? 'flex' : undefined}>
        {context.collapsed ? (
          <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
            <Tooltip.Root>
              <Tooltip.Trigger asChild>{leaf}</Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  dir={context.dir}
                  side={popupSide}
                  sideOffset={8}
                  className="z-50 rounded-md bg-foreground px-2 py-1 text-background text-xs shadow-md"
                >
                  {item.label}
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </Tooltip.Provider>
        ) : (
          leaf
        )}
      </li>
    );
  }

  return (
    <li data-slot="menu-entry" className={layout === 'top' ? 'flex' : undefined}>
      {/* Radix puts the root's `dir` on the portalled content and its sub-menus. */}
      <DropdownMenu.Root
        dir={context.dir}
        modal={false}
        open={context.popupKey === item.key}
        onOpenChange={(open) => {
          if (open) {
            context.setPopupKey(item.key);
          } else if (context.popupKey === item.key) {
            context.setPopupKey(null);
          }
        }}
      >
        <DropdownMenu.Trigger asChild disabled={item.disabled}>
          <button type="button" data-slot="menu-submenu-trigger" className={className} {...entryProps}>
            <EntryContent item={item} hideLabel={context.collapsed} />
            {context.collapsed ? null : <ChevronDown aria-hidden className="size-3.5" />}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            data-slot="menu-popup"
            side={popupSide}
            align="start"
            sideOffset={context.mode === 'top' ? 0 : 8}
            className={popupContentClass}
            onCloseAutoFocus={returnFocus.onCloseAutoFocus}
            onInteractOutside={returnFocus.onInteractOutside}
          >
            {context.collapsed ? (
              <DropdownMenu.Label className="px-2 py-1.5 font-semibold text-muted-foreground text-xs">
                {item.label}
              </DropdownMenu.Label>
            ) : null}
            <PopupItems items={item.children} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </li>
  );
}

/** The entries of a drop-down or fly-out; deeper groups open as nested sub-menus. */
function PopupItems({ items }: { items: MenuItem[] }) {
  const context = useMenuContext();
  const selected = context.selectedPath[context.selectedPath.length - 1];
  return items.map((item) => {
    const holdsSelection = item.key !== selected && context.selectedPath.includes(item.key);
    if (item.children) {
      return (
        <DropdownMenu.Sub key={item.key}>
          <DropdownMenu.SubTrigger
            data-slot="menu-submenu-trigger"
            data-selection={holdsSelection ? 'descendant' : undefined}
            disabled={item.disabled}
            className={popupItemClass}
          >
            <EntryContent item={item} />
            <ChevronRight aria-hidden className="ms-auto size-3.5 rtl:rotate-180" />
          </DropdownMenu.SubTrigger>
          <DropdownMenu.Portal>
            <DropdownMenu.SubContent data-slot="menu-popup" className={popupContentClass}>
              <PopupItems items={item.children} />
            </DropdownMenu.SubContent>
          </DropdownMenu.Portal>
        </DropdownMenu.Sub>
      );
    }
    const itemProps = {
      'data-slot': 'menu-item',
      'aria-current': item.key === selected ? ('page' as const) : undefined,
      disabled: item.disabled,
      className: popupItemClass,
      onSelect: () => context.select(item),
    };
    if (item.href === undefined || item.disabled) {
      return (
        <DropdownMenu.Item key={item.key} {...itemProps}>
          <EntryContent item={item} />
        </DropdownMenu.Item>
      );
    }
    return (
      <DropdownMenu.Item key={item.key} asChild {...itemProps}>
        {context.renderLink({ href: item.href, item, children: <EntryContent item={item} /> })}
      </DropdownMenu.Item>
    );
  });
}

export {
  Menu,
  type MenuItem,
  type MenuLinkRenderProps,
  type MenuMode,
  type MenuProps,
  type MenuTheme,
  menuItemVariants,
};
