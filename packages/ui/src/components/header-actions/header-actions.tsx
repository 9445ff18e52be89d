import { formatDate, formatNumber, useTranslation } from '@parley/i18n';
import { Bell, CalendarClock, ChevronDown, CircleHelp, MessageSquare, Search } from 'lucide-react';
import { Direction, Popover as PopoverPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { Avatar, AvatarFallback, AvatarImage, getInitials } from '../avatar/avatar';
import { Button } from '../button/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu';
import { Empty } from '../empty/empty';
import { Spinner } from '../spinner/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../tabs/tabs';
import { badgeIndicatorVariants, Tag, type TagProps } from '../tag/tag';
import { countNotices, NOTICE_TYPES, type Notice, type NoticeStatus, type NoticeType } from './notices';

/** Header buttons take the header's text colour, so they suit a dark and a light bar alike. */
const headerButtonClass = cn(
  'inline-flex h-8 min-w-8 shrink-0 items-center justify-center gap-2 rounded-md px-2 text-current text-sm outline-none',
  'transition-colors hover:bg-current/10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=open]:bg-current/10 [&_svg]:pointer-events-none [&_svg]:shrink-0',
);

/* -------------------------------------------------------------------------------------------- */

type HeaderSearchProps = Omit<React.ComponentProps<'form'>, 'onSubmit' | 'defaultValue'> & {
  /** The search text (controlled). */
  value?: string;
  /** The search text at first (uncontrolled). */
  defaultValue?: string;
  /** Called on every keystroke. */
  onValueChange?: (value: string) => void;
  /** Called with the text when the person presses Enter. */
  onSearch?: (value: string) => void;
  /** Placeholder of the field; defaults to the translated 'Search…'. */
  placeholder?: string;
  /** Show the field open at first instead of only the magnifier. */
  defaultExpanded?: boolean;
};

/** A magnifier that expands into a search field; Enter searches, Escape clears and folds it away. */
function HeaderSearch({
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  placeholder,
  defaultExpanded = false,
  className,
  ...props
}: HeaderSearchProps) {
  const { t } = useTranslation();
  const inputId = React.useId();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const [uncontrolledValue, setUncontrolledValue] = React.useState(defaultValue);
  const [expanded, setExpanded] = React.useState(defaultExpanded);
  const text = value ?? uncontrolledValue;

  function setText(next: string) {
    if (value === undefined) {
      setUncontrolledValue(next);
    }
    onValueChange?.(next);
  }

  function expand() {
    setExpanded(true);
    // The field becomes visible in this render; focus it once it can take focus.
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role="search" is announced everywhere; <search> not yet.
    <form
      role="search"
      data-slot="header-search"
      data-state={expanded ? 'open' : 'closed'}
      className={cn('flex items-center', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch?.(text);
      }}
      {...props}
    >
      <button
        ref={toggleRef}
        type="button"
        aria-label={t('ui.header.search')}
        aria-expanded={expanded}
        aria-controls={inputId}
        className={headerButtonClass}
        onClick={() => (expanded ? inputRef.current?.focus() : expand())}
      >
        <Search aria-hidden className="size-4" />
      </button>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        aria-label={t('ui.header.search')}
        placeholder={placeholder ?? t('ui.header.searchPlaceholder')}
        value={text}
        data-state={expanded ? 'open' : 'closed'}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (!text) {
            setExpanded(false);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            setText('');
            setExpanded(false);
            toggleRef.current?.focus();
          }
        }}
        className={cn(
          'h-8 min-w-0 rounded-none border-current/40 border-b bg-transparent text-current text-sm outline-none',
          'transition-[width,opacity] duration-200 placeholder:text-current/70 focus-visible:border-current',
          'data-[state=closed]:invisible data-[state=closed]:w-0 data-[state=closed]:opacity-0',
          'data-[state=open]:ms-1 data-[state=open]:w-40 sm:data-[state=open]:w-52',
        )}
      />
    </form>
  );
}

/* -------------------------------------------------------------------------------------------- */

/** Larger unread counts show as '99+' on the bell. */
const MAX_SHOWN_COUNT = 99;

const noticeTypeLabelKeys: Record<NoticeType, string> = {
  notification: 'ui.header.notifications',
  message: 'ui.header.messages',
  event: 'ui.header.events',
};

const noticeEmptyKeys: Record<NoticeType, string> = {
  notification: 'ui.header.notificationsEmpty',
  message: 'ui.header.messagesEmpty',
  event: 'ui.header.eventsEmpty',
};

const noticeTypeIcons: Record<NoticeType, React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  notification: Bell,
  message: MessageSquare,
  event: CalendarClock,
};

const statusTagVariants: Record<NoticeStatus, NonNullable<TagProps['variant']>> = {
  default: 'default',
  processing: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
};

function NoticeItem({ notice, onClick }: { notice: Notice; onClick?: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const Icon = noticeTypeIcons[notice.type];
  const unread = !notice.read;
  return (
    <li data-slot="notice-item" data-state={unread ? 'unread' : 'read'}>
      <button
        type="button"
        onClick={() => onClick?.(notice)}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-start outline-none transition-colors',
          'hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground',
        )}
      >
        <Avatar size="md" className="mt-0.5">
          {notice.avatar ? <AvatarImage src={notice.avatar} alt="" /> : null}
          <AvatarFallback>
            <Icon aria-hidden className="size-4" />
          </AvatarFallback>
        </Avatar>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-start justify-between gap-2">
            <span
              data-slot="notice-title"
              className={cn('min-w-0 text-sm', unread ? 'font-semibold' : 'text-muted-foreground')}
            >
              {unread ? <span className="sr-only">{`${t('ui.header.unread')}: `}</span> : null}
              {notice.title}
            </span>
            {notice.extra ? (
              <Tag variant={statusTagVariants[notice.status ?? 'default']} className="shrink-0">
                {notice.extra}
              </Tag>
            ) : null}
          </span>
          {notice.description ? (
            <span data-slot="notice-description" className="line-clamp-2 text-muted-foreground text-xs">
              {notice.description}
            </span>
          ) : null}
          {notice.datetime ? (
            <time dateTime={notice.datetime} className="text-muted-foreground text-xs">
              {formatDate(notice.datetime, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          ) : null}
        </span>
        {unread ? (
          <span aria-hidden data-slot="notice-unread-dot" className="mt-2 size-2 shrink-0 rounded-full bg-primary" />
        ) : null}
      </button>
    </li>
  );
}

type NoticeBellProps = Omit<React.ComponentProps<'button'>, 'onClick'> & {
  /** Every notice of the three types; the bell counts the unread ones. */
  notices: readonly Notice[];
  /** Show a spinner in the lists while notices load. */
  loading?: boolean;
  /** Called when a notice is clicked; the app marks it read (SPEC §4). */
  onNoticeClick?: (notice: Notice) => void;
  /** Called by a tab's Clear button; the app removes that type (SPEC §4). */
  onClear?: (type: NoticeType) => void;
  /** Whether the popover is open (controlled). */
  open?: boolean;
  /** Whether the popover is open at first (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when the popover opens or closes; a good moment to fetch notices. */
  onOpenChange?: (open: boolean) => void;
  /** The shown tab (controlled). */
  tab?: NoticeType;
  /** The tab shown at first (uncontrolled). */
  defaultTab?: NoticeType;
  /** Called when the person switches tabs. */
  onTabChange?: (tab: NoticeType) => void;
};

/** The notice bell: an unread badge and a popover with Notifications, Messages and Events. */
function NoticeBell({
  notices,
  loading = false,
  onNoticeClick,
  onClear,
  open,
  defaultOpen,
  onOpenChange,
  tab,
  defaultTab = 'notification',
  onTabChange,
  className,
  ...props
}: NoticeBellProps) {
  const { t, i18n } = useTranslation();
  const dir = Direction.useDirection();
  const counts = countNotices(notices);
  const [uncontrolledTab, setUncontrolledTab] = React.useState<NoticeType>(defaultTab);
  const currentTab = tab ?? uncontrolledTab;

  return (
    <PopoverPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <span data-slot="notice-bell-anchor" className="relative inline-flex">
        <PopoverPrimitive.Trigger
          data-slot="notice-bell"
          aria-label={t('ui.header.notices', { count: counts.unread })}
          aria-busy={loading || undefined}
          className={cn(headerButtonClass, className)}
          {...props}
        >
          <Bell aria-hidden className="size-4" />
        </PopoverPrimitive.Trigger>
        {/* Outside the button and hidden: the button's name already says the exact count, and
            a visible '99+' inside it would not match that name for speech-input users. */}
        {counts.unread > 0 ? (
          <span
            aria-hidden
            data-slot="notice-bell-count"
            className={cn(
              badgeIndicatorVariants({ variant: 'error' }),
              'pointer-events-none absolute start-4.5 -top-0.5 px-1',
            )}
          >
            {counts.unread > MAX_SHOWN_COUNT
              ? `${formatNumber(MAX_SHOWN_COUNT, i18n.language)}+`
              : formatNumber(counts.unread, i18n.language)}
          </span>
        ) : null}
      </span>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          data-slot="notice-popover"
          dir={dir}
          align="end"
          sideOffset={6}
          aria-label={t('ui.header.noticesTitle')}
          collisionPadding={8}
          className={cn(
            'z-50 w-[22rem] max-w-[calc(100vw-1rem)] overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg outline-none',
            'data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 data-[state=open]:animate-in',
            'data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=closed]:animate-out',
          )}
        >
          <Tabs
            value={currentTab}
            onValueChange={(next) => {
              const nextTab = next as NoticeType;
              if (tab === undefined) {
                setUncontrolledTab(nextTab);
              }
              onTabChange?.(nextTab);
            }}
            className="gap-0"
          >
            <TabsList className="w-full justify-center gap-4 px-4">
              {NOTICE_TYPES.map((type) => (
                <TabsTrigger key={type} value={type} count={counts.byType[type].unread || undefined}>
                  {t(noticeTypeLabelKeys[type])}
                </TabsTrigger>
              ))}
            </TabsList>
            {NOTICE_TYPES.map((type) => {
              const items = notices.filter((notice) => notice.type === type);
              const typeLabel = t(noticeTypeLabelKeys[type]);
              return (
                <TabsContent key={type} value={type} className="rounded-none">
                  {loading ? (
                    <div className="flex justify-center py-10">
                      <Spinner />
                    </div>
                  ) : items.length === 0 ? (
                    <Empty size="sm" description={t(noticeEmptyKeys[type])} className="py-8" />
                  ) : (
                    <ul
                      data-slot="notice-list"
                      aria-label={typeLabel}
                      className="max-h-80 divide-y divide-border overflow-y-auto"
                    >
                      {items.map((notice) => (
                        <NoticeItem key={notice.id} notice={notice} onClick={onNoticeClick} />
                      ))}
                    </ul>
                  )}
                  <div className="border-t">
                    <Button
                      variant="ghost"
                      className="h-10 w-full rounded-none"
                      disabled={loading || items.length === 0}
                      onClick={() => onClear?.(type)}
                    >
                      {t('ui.header.clear', { type: typeLabel })}
                    </Button>
                  </div>
                </TabsContent>
              );
            })}
          </Tabs>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

/* -------------------------------------------------------------------------------------------- */

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

/* -------------------------------------------------------------------------------------------- */

type HeaderActionsProps = React.ComponentProps<'div'> & {
  /** Shows the expanding search field and is called with the text on Enter. */
  onSearch?: (value: string) => void;
  /** Placeholder of the search field. */
  searchPlaceholder?: string;
  /** Shows a help link to this address (opens in a new tab). */
  helpHref?: string;
  /** Shows a help button calling this, when there is no `helpHref`. */
  onHelp?: () => void;
  /** Shows the notice bell with these notices. */
  notices?: readonly Notice[];
  /** The notices are loading. */
  noticesLoading?: boolean;
  /** A notice was clicked; the app marks it read. */
  onNoticeClick?: (notice: Notice) => void;
  /** A tab's Clear button was pressed; the app removes that type. */
  onClear?: (type: NoticeType) => void;
  /** Whether the notice popover is open (controlled). */
  noticesOpen?: boolean;
  /** Called when the notice popover opens or closes. */
  onNoticesOpenChange?: (open: boolean) => void;
  /** Shows the account menu for this person. */
  account?: { name: string; avatar?: string };
  /** Entries of the account menu. */
  accountItems?: readonly AccountMenuItem[];
  /** The language picker (LanguagePicker), shown last. */
  languagePicker?: React.ReactNode;
};

/**
 * The global header's actions (SPEC §2.6): search, help, the notice bell, the account menu and
 * the language picker; extra children go before the account menu. Each appears when its props do.
 */
function HeaderActions({
  onSearch,
  searchPlaceholder,
  helpHref,
  onHelp,
  notices,
  noticesLoading,
  onNoticeClick,
  onClear,
  noticesOpen,
  onNoticesOpenChange,
  account,
  accountItems = [],
  languagePicker,
  className,
  children,
  ...props
}: HeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <div data-slot="header-actions" className={cn('flex items-center gap-1 text-current', className)} {...props}>
      {onSearch ? <HeaderSearch onSearch={onSearch} placeholder={searchPlaceholder} /> : null}
      {helpHref ? (
        <a
          href={helpHref}
          target="_blank"
          rel="noreferrer"
          aria-label={t('ui.header.help')}
          title={t('ui.header.help')}
          className={headerButtonClass}
        >
          <CircleHelp aria-hidden className="size-4" />
        </a>
      ) : onHelp ? (
        <button
          type="button"
          aria-label={t('ui.header.help')}
          title={t('ui.header.help')}
          className={headerButtonClass}
          onClick={onHelp}
        >
          <CircleHelp aria-hidden className="size-4" />
        </button>
      ) : null}
      {notices ? (
        <NoticeBell
          notices={notices}
          loading={noticesLoading}
          onNoticeClick={onNoticeClick}
          onClear={onClear}
          open={noticesOpen}
          onOpenChange={onNoticesOpenChange}
        />
      ) : null}
      {children}
      {account ? <AccountMenu name={account.name} avatar={account.avatar} items={accountItems} /> : null}
      {languagePicker}
    </div>
  );
}

export {
  AccountMenu,
  type AccountMenuItem,
  type AccountMenuProps,
  HeaderActions,
  type HeaderActionsProps,
  HeaderSearch,
  type HeaderSearchProps,
  NoticeBell,
  type NoticeBellProps,
};
