import type { CurrentUser, Notice, NoticeType } from '@parley/api';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../../lib/current-user';

/** The key's first part of the notice list. */
export const NOTICES_QUERY_KEY = 'notices';

/** The key of one session's notice list. */
export function noticesKey(token: string | null) {
  return [NOTICES_QUERY_KEY, token] as const;
}

/** SPEC §4: the member's total and unread counts, from the list. */
export function noticeCounts(notices: readonly Notice[]): { notifyCount: number; unreadCount: number } {
  return { notifyCount: notices.length, unreadCount: notices.filter((notice) => !notice.read).length };
}

/** The current user with the counts of `notices`; the same object when nothing changes. */
export function withCounts(user: CurrentUser, notices: readonly Notice[]): CurrentUser {
  const counts = noticeCounts(notices);
  return user.notifyCount === counts.notifyCount && user.unreadCount === counts.unreadCount
    ? user
    : { ...user, ...counts };
}

/** SPEC §4: marking one notice read sets its read flag. */
export function markNoticeRead(notices: readonly Notice[], id: string): Notice[] {
  return notices.map((notice) => (notice.id === id && !notice.read ? { ...notice, read: true } : notice));
}

/** SPEC §4: clearing by type removes every notice of that type. */
export function clearNoticeType(notices: readonly Notice[], type: NoticeType): Notice[] {
  return notices.filter((notice) => notice.type !== type);
}

/** A notice that arrived live goes first (the list is newest first); one already there is replaced. */
export function addNotice(notices: readonly Notice[], notice: Notice): Notice[] {
  return [notice, ...notices.filter((existing) => existing.id !== notice.id)];
}

/** Saves a new list and recomputes the counts on the cached current user (SPEC §4). */
export function saveNotices(queryClient: QueryClient, token: string | null, notices: Notice[]): void {
  queryClient.setQueryData(noticesKey(token), notices);
  updateCounts(queryClient, token, notices);
}

/** Puts the counts of `notices` on the cached current user, when there is one. */
export function updateCounts(queryClient: QueryClient, token: string | null, notices: readonly Notice[]): void {
  queryClient.setQueryData<CurrentUser>(currentUserKey(token), (user) => (user ? withCounts(user, notices) : user));
}

/** What a change may need to put back when the server refuses it. */
export interface NoticeSnapshot {
  notices: Notice[] | undefined;
  user: CurrentUser | undefined;
}

export function takeSnapshot(queryClient: QueryClient, token: string | null): NoticeSnapshot {
  return {
    notices: queryClient.getQueryData<Notice[]>(noticesKey(token)),
    user: queryClient.getQueryData<CurrentUser>(currentUserKey(token)),
  };
}

export function restoreSnapshot(queryClient: QueryClient, token: string | null, snapshot: NoticeSnapshot): void {
  queryClient.setQueryData(noticesKey(token), snapshot.notices);
  queryClient.setQueryData(currentUserKey(token), snapshot.user);
}
