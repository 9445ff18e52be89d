import { cva, type VariantProps } from 'class-variance-authority';
import { Check, ChevronRight, Circle } from 'lucide-react';
import { Direction, DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import * as React from 'react';
import { useMenuReturnFocus } from '../../hooks/use-menu-return-focus';
import { cn } from '../../lib/cn';

const menuSurface = [
  'z-50 min-w-32 overflow-y-auto overflow-x-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
  'data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95',
  'data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95',
  'data-[side=bottom]:slide-in-from-top-2 data-[side=top]:slide-in-from-bottom-2',
  'data-[side=left]:slide-in-from-right-2 data-[side=right]:slide-in-from-left-2',
];

const menuItemBase = [
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none',
  'data-disabled:pointer-events-none data-disabled:opacity-50',
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
];

/** Whether the menu is modal, for its content's focus return. */
const DropdownMenuModalContext = React.createContext(true);

/**
 * Holds the open state; pass `open`/`onOpenChange` to control it, or `defaultOpen` to leave it alone.
 * The writing direction set here reaches the portalled content and submenus (Radix puts it on them).
 */
function DropdownMenu({ dir, modal = true, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  const direction = Direction.useDirection(dir);
  return (
    <DropdownMenuModalContext value={modal}>
      <DropdownMenuPrimitive.Root data-slot="dropdown-menu" dir={direction} modal={modal} {...props} />
    </DropdownMenuModalContext>
  );
}

function DropdownMenuTrigger(props: React.ComponentProps<typeof DropdownMenuPrimitive.Trigger>) {
  return <DropdownMenuPrimitive.Trigger data-slot="dropdown-menu-trigger" {...props} />;
}

function DropdownMenuPortal(props: React.ComponentProps<typeof DropdownMenuPrimitive.Portal>) {
  return <DropdownMenuPrimitive.Portal data-slot="dropdown-menu-portal" {...props} />;
}

/**
 * The list of items, portalled to the body with the menu's writing direction. Closing gives focus
 * back to the menu's button, with its ring only for keyboard users.
 */
function DropdownMenuContent({
  className,
  sideOffset = 4,
  onCloseAutoFocus,
  onInteractOutside,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  const returnFocus = useMenuReturnFocus({
    modal: React.use(DropdownMenuModalContext),
    onCloseAutoFocus,
    onInteractOutside,
  });
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        className={cn(
          menuSurface,
          'max-h-(--radix-dropdown-menu-content-available-height) origin-(--radix-dropdown-menu-content-transform-origin)',
          className,
        )}
        {...props}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onInteractOutside={returnFocus.onInteractOutside}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

function DropdownMenuGroup(props: React.ComponentProps<typeof DropdownMenuPrimitive.Group>) {
  return <DropdownMenuPrimitive.Group data-slot="dropdown-menu-group" {...props} />;
}

const dropdownMenuItemVariants = cva(menuItemBase, {
  variants: {
    variant: {
      default: 'focus:bg-accent focus:text-accent-foreground',
      destructive:
        'text-destructive focus:bg-destructive-subtle focus:text-destructive-subtle-foreground [&_svg]:text-current',
    },
  },
  defaultVariants: { variant: 'default' },
});

type DropdownMenuItemProps = React.ComponentProps<typeof DropdownMenuPrimitive.Item> &
  VariantProps<typeof dropdownMenuItemVariants> & {
    /** Indents the label to line up with checkbox and radio items. */
    inset?: boolean;
  };

function DropdownMenuItem({ className, inset = false, variant, onPointerLeave, ...props }: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      data-slot="dropdown-menu-item"
      data-variant={variant ?? 'default'}
      data-inset={inset || undefined}
      className={cn(dropdownMenuItemVariants({ variant }), inset && 'ps-8', className)}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        // The pointer leaves a picked item when the dialog it opened covers it: the closing menu
        // then takes no focus (Radix would focus it, and the dialog would pull focus back, ringed).
        if (event.currentTarget.closest('[role="menu"]')?.getAttribute('data-state') === 'closed') {
          event.preventDefault();
        }
      }}
      {...props}
    />
  );
}

/** A toggle item. The menu's items unmount when it closes, so the caller always holds `checked`. */
function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.CheckboxItem>) {
  return (
    <DropdownMenuPrimitive.CheckboxItem
      data-slot="dropdown-menu-checkbox-item"
      className={cn(menuItemBase, 'ps-8 pe-2 focus:bg-accent focus:text-accent-foreground', className)}
      {...props}
    >
      <span className="pointer-events-none absolute start-2 flex size-3.5 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <Check aria-hidden className="size-4" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.CheckboxItem>
  );
}

/** A set of exclusive items. The menu's items unmount when it closes, so the caller always holds `value`. */
function DropdownMenuRadioGroup(props: React.ComponentProps<typeof DropdownMenuPrimitive.RadioGroup>) {
  return <DropdownMenuPrimitive.RadioGroup data-slot="dropdown-menu-radio-group" {...props} />;
}

function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.RadioItem>) {
  return (
    <DropdownMenuPrimitive.RadioItem
      data-slot="dropdown-menu-radio-item"
      className={cn(menuItemBase, 'ps-8 pe-2 focus:bg-accent focus:text-accent-foreground', className)}
      {...props}
    >
      <span className="pointer-events-none absolute start-2 flex size-3.5 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <Circle aria-hidden className="size-2 fill-current" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.RadioItem>
  );
}

type DropdownMenuLabelProps = React.ComponentProps<typeof DropdownMenuPrimitive.Label> & {
  /** Indents the label to line up with checkbox and radio items. */
  inset?: boolean;
};

function DropdownMenuLabel({ className, inset = false, ...props }: DropdownMenuLabelProps) {
  return (
    <DropdownMenuPrimitive.Label
      data-slot="dropdown-menu-label"
      data-inset={inset || undefined}
      className={cn('px-2 py-1.5 font-medium text-muted-foreground text-xs', inset && 'ps-8', className)}
      {...props}
    />
  );
}

function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator
      data-slot="dropdown-menu-separator"
      className={cn('-mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}

/** A keyboard hint shown at the end of an item, e.g. `Ctrl+S`; pair it with `aria-keyshortcuts` on the item. */
function DropdownMenuShortcut({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      data-slot="dropdown-menu-shortcut"
      className={cn('ms-auto text-muted-foreground text-xs tracking-widest', className)}
      {...props}
    />
  );
}

function DropdownMenuSub(props: React.ComponentProps<typeof DropdownMenuPrimitive.Sub>) {
  return <DropdownMenuPrimitive.Sub data-slot="dropdown-menu-sub" {...props} />;
}

type DropdownMenuSubTriggerProps = React.ComponentProps<typeof DropdownMenuPrimitive.SubTrigger> & {
  /** Indents the label to line up with checkbox and radio items. */
  inset?: boolean;
};

/** Opens a submenu; its chevron points towards the end side, so it flips in right-to-left layouts. */
function DropdownMenuSubTrigger({ className, inset = false, children, ...props }: DropdownMenuSubTriggerProps) {
  return (
    <DropdownMenuPrimitive.SubTrigger
      data-slot="dropdown-menu-sub-trigger"
      data-inset={inset || undefined}
      className={cn(
        menuItemBase,
        'focus:bg-accent focus:text-accent-foreground data-[state=open]:bg-accent data-[state=open]:text-accent-foreground',
        inset && 'ps-8',
        className,
      )}
      {...props}
    >
      {children}
      <ChevronRight aria-hidden className="ms-auto size-4 rtl:rotate-180" />
    </DropdownMenuPrimitive.SubTrigger>
  );
}

function DropdownMenuSubContent({
  className,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.SubContent>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.SubContent
        data-slot="dropdown-menu-sub-content"
        className={cn(menuSurface, 'origin-(--radix-dropdown-menu-content-transform-origin) shadow-lg', className)}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  type DropdownMenuItemProps,
  DropdownMenuLabel,
  type DropdownMenuLabelProps,
  DropdownMenuPortal,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  type DropdownMenuSubTriggerProps,
  DropdownMenuTrigger,
  dropdownMenuItemVariants,
};
