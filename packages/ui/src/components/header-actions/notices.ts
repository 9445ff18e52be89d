/** The three lists in the header's notice popover. */
type NoticeType = 'notification' | 'message' | 'event';

/** The colour of a notice's `extra` tag (an event's state, say); never the only signal, the text says it too. */
type NoticeStatus = 'default' | 'processing' | 'success' | 'warning' | 'error';

/** One entry in the notice popover (SPEC §3: id, type and read flag; the rest is for display). */
interface Notice {
  id: string;
  type: NoticeType;
  title: string;
  description?: string;
  /** ISO 8601 date and time; shown in the interface language. */
  datetime?: string;
  read?: boolean;
  /** Picture URL shown before the title. */
  avatar?: string;
  /** A short tag after the title, e.g. an event's state ('Urgent'). */
  extra?: string;
  /** Colour of the `extra` tag. */
  status?: NoticeStatus;
}

interface NoticeCount {
  total: number;
  unread: number;
}

/** SPEC §4 counts: all notices, unread ones, and both per type. */
interface NoticeCounts extends NoticeCount {
  byType: Record<NoticeType, NoticeCount>;
}

const NOTICE_TYPES: readonly NoticeType[] = ['notification', 'message', 'event'];

/** Counts notices in total, unread, and per type (SPEC §4: recomputed after every change). */
function countNotices(notices: readonly Notice[]): NoticeCounts {
  const byType: Record<NoticeType, NoticeCount> = {
    notification: { total: 0, unread: 0 },
    message: { total: 0, unread: 0 },
    event: { total: 0, unread: 0 },
  };
  let unread = 0;
  for (const notice of notices) {
    const bucket = byType[notice.type];
    bucket.total += 1;
    if (!notice.read) {
      bucket.unread += 1;
      unread += 1;
    }
  }
  return { total: notices.length, unread, byType };
}

/** SPEC §4: marking one notice read sets its read flag; returns a new list, the input is left alone. */
function markNoticeRead(notices: readonly Notice[], id: string): Notice[] {
  return notices.map((notice) => (notice.id === id && !notice.read ? { ...notice, read: true } : notice));
}

/** SPEC §4: clearing by type removes every notice of that type; returns a new list. */
function clearNotices(notices: readonly Notice[], type: NoticeType): Notice[] {
  return notices.filter((notice) => notice.type !== type);
}

export {
  clearNotices,
  countNotices,
  markNoticeRead,
  NOTICE_TYPES,
  type Notice,
  type NoticeCount,
  type NoticeCounts,
  type NoticeStatus,
  type NoticeType,
};
