export {
  AccountMenu,
  type AccountMenuItem,
  type AccountMenuProps,
  type AccountStatus,
  type AccountStatusOption,
} from './account-menu';
export { HeaderActions, type HeaderActionsProps } from './header-actions';
export { HeaderSearch, type HeaderSearchProps } from './header-search';
export { NoticeBell, type NoticeBellProps } from './notice-bell';
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
export type { HeaderSearchGroup, HeaderSearchResult, HeaderSearchStatus } from './search-results';
