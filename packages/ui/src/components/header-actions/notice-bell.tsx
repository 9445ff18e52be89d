import { formatDate, formatNumber, useTranslation } from '@parley/i18n';
import { Bell, CalendarClock, MessageSquare } from 'lucide-react';
import { Direction, Popover as PopoverPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useControllableState } from '../../hooks/use-controllable-state';
import { cn } from '../../lib/cn';
import { Avatar, AvatarFallback, AvatarImage } from '../avatar/avatar';
import { Button } from '../button/button';
import { Empty } from '../empty/empty';
import { Spinner } from '../spinner/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../tabs/tabs';
import { badgeIndicatorVariants, Tag, type TagProps } from '../tag/tag';
import { headerButtonClass } from './header-button';
import { countNotices, NOTICE_TYPES, type Notice, type NoticeStatus, type NoticeType } from './notices';

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
  const [currentTab, setCurrentTab] = useControllableState(tab, defaultTab, onTabChange);

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
          <Tabs value={currentTab} onValueChange={(next) => setCurrentTab(next as NoticeType)} className="gap-0">
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

export { NoticeBell, type NoticeBellProps };
