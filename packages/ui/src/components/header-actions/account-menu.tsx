import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { Avatar, AvatarFallback, AvatarImage, getInitials } from '../avatar/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
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

/** How a status looks on the avatar: green, amber or grey. */
type StatusTone = 'success' | 'warning' | 'muted';

/** One status the person may choose (e.g. Available, Away, Offline). */
interface AccountStatusOption {
  value: string;
  label: string;
  tone: StatusTone;
}

/** A status the person chooses in the menu, shown as a dot on the avatar. */
interface AccountStatus {
  /** The menu group's heading, e.g. 'Availability'. */
  label: string;
  value: string;
  options: readonly AccountStatusOption[];
  onChange: (value: string) => void;
}

const TONE_CLASS: Record<StatusTone, string> = {
  success: 'bg-success',
  warning: 'bg-warning',
  muted: 'bg-muted-foreground',
};

type AccountMenuProps = Omit<React.ComponentProps<'button'>, 'children'> & {
  /** The signed-in person's display name. */
  name: string;
  /** Picture URL; initials show while it loads or when it fails. */
  avatar?: string;
  /** The menu entries, e.g. Account Center, Settings, Logout. */
  items: readonly AccountMenuItem[];
  /** A status to choose at the top of the menu (availability), shown as a dot on the avatar. */
  status?: AccountStatus;
};

/** The signed-in person's avatar and name, opening a menu of caller-provided items. */
function AccountMenu({ name, avatar, items, status, className, ...props }: AccountMenuProps) {
  const current = status?.options.find((option) => option.value === status.value);
  const statusId = React.useId();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-slot="account-menu"
        className={cn(headerButtonClass, className)}
        // The status describes the button ('Serati Ma', menu button, 'Away'); its name stays the
        // visible name, so that voice control finds it by what it shows.
        {...(current ? { 'aria-describedby': statusId } : {})}
        {...props}
      >
        <span className="relative inline-flex">
          <Avatar size="sm">
            {avatar ? <AvatarImage src={avatar} alt="" /> : null}
            <AvatarFallback>
              <span aria-hidden>{getInitials(name)}</span>
            </AvatarFallback>
          </Avatar>
          {current ? (
            <span
              data-slot="account-status"
              data-tone={current.tone}
              aria-hidden
              className={cn(
                '-end-0.5 -bottom-0.5 absolute size-2.5 rounded-full ring-2 ring-[var(--header-background,var(--color-card))]',
                TONE_CLASS[current.tone],
              )}
            />
          ) : null}
        </span>
        <span className="max-w-32 truncate max-sm:sr-only">{name}</span>
        {current ? (
          // Hidden: out of the button's name, and still its description (aria-describedby reads it).
          <span id={statusId} hidden>
            {current.label}
          </span>
        ) : null}
        <ChevronDown aria-hidden className="size-3.5 opacity-70 max-sm:hidden" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        {status ? (
          <>
            <DropdownMenuLabel>{status.label}</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={status.value} onValueChange={status.onChange}>
              {status.options.map((option) => (
                <DropdownMenuRadioItem key={option.value} value={option.value}>
                  <span aria-hidden className={cn('size-2 shrink-0 rounded-full', TONE_CLASS[option.tone])} />
                  {option.label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
            <DropdownMenuSeparator />
          </>
        ) : null}
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

export { AccountMenu, type AccountMenuItem, type AccountMenuProps, type AccountStatus, type AccountStatusOption };
