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
} from './header-actions';
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
} from './notices';
