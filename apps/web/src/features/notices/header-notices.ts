import type { Notice } from '@parley/api';
import type { Notice as HeaderNotice, NoticeStatus } from '@parley/ui/header-actions';

type EventStatus = NonNullable<Notice['status']>;

/** The colour of an event's state tag; the tag's text says the state too. */
const STATUS_COLOURS: Record<EventStatus, NoticeStatus> = {
  todo: 'default',
  processing: 'processing',
  doing: 'warning',
  urgent: 'error',
};

/** The catalogue key of an event's state. */
export const NOTICE_STATUS_KEYS: Record<EventStatus, string> = {
  todo: 'web.notices.status.todo',
  processing: 'web.notices.status.processing',
  doing: 'web.notices.status.doing',
  urgent: 'web.notices.status.urgent',
};

/** A notice as the header's bell shows it. */
export function toHeaderNotice(notice: Notice, t: (key: string) => string): HeaderNotice {
  return {
    id: notice.id,
    type: notice.type,
    title: notice.title,
    read: notice.read,
    datetime: notice.datetime,
    ...(notice.description ? { description: notice.description } : {}),
    ...(notice.avatar ? { avatar: notice.avatar } : {}),
    ...(notice.status ? { extra: t(NOTICE_STATUS_KEYS[notice.status]), status: STATUS_COLOURS[notice.status] } : {}),
  };
}

/** A notice's link when it is a path inside the app; anything else is not followed. */
export function noticeTarget(notice: Pick<Notice, 'link'>): string | null {
  const link = notice.link;
  return link?.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}
