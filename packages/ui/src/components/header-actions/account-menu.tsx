import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { Avatar, AvatarFallback, AvatarImage, getInitials } from '../avatar/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu';
import { headerButtonClass } from './header-button';

/** An entry in the account menu. */
interface AccountMenuItem {
  id: string;
  label: React.ReactNode;
  icon?: React.ReactNode;
  onSelect: () => void;
  /** Draw it in the destructive colour (e.g. Logout). */
  destructive?: boolean;
  /** Draw a separator above it. */
  separatorBefore?: boolean;
}

type AccountMenuProps = Omit<React.ComponentProps<'button'>, 'children'> & {
  /** The signed-in person's display name. */
  name: string;
  /** Picture URL; initials show while it loads or when it fails. */
  avatar?: string;
  /** The menu entries, e.g. Account Center, Settings, Logout. */
  items: readonly AccountMenuItem[];
};

/** The signed-in person's avatar and name, opening a menu of caller-provided items. */
function AccountMenu({ name, avatar, items, className, ...props }: AccountMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger data-slot="account-menu" className={cn(headerButtonClass, className)} {...props}>
        <Avatar size="sm">
          {avatar ? <AvatarImage src={avatar} alt="" /> : null}
          <AvatarFallback>
            <span aria-hidden>{getInitials(name)}</span>
          </AvatarFallback>
        </Avatar>
        <span className="max-w-32 truncate max-sm:sr-only">{name}</span>
        <ChevronDown aria-hidden className="size-3.5 opacity-70 max-sm:hidden" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        {items.map((item) => (
          <React.Fragment key={item.id}>
            {item.separatorBefore ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem variant={item.destructive ? 'destructive' : 'default'} onSelect={item.onSelect}>
              {item.icon}
              {item.label}
            </DropdownMenuItem>
          </React.Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export { AccountMenu, type AccountMenuItem, type AccountMenuProps };
