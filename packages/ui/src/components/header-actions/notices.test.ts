import { describe, expect, it } from 'vitest';
import { clearNotices, countNotices, markNoticeRead, type Notice } from './notices';

const notices: Notice[] = [
  { id: '1', type: 'notification', title: 'New weekly report' },
  { id: '2', type: 'notification', title: 'Recording ready', read: true },
  { id: '3', type: 'message', title: 'Ada replied' },
  { id: '4', type: 'event', title: 'Call back Grace', read: false },
  { id: '5', type: 'event', title: 'Team review', read: true },
];

describe('countNotices', () => {
  it('counts total, unread and each type', () => {
    expect(countNotices(notices)).toEqual({
      total: 5,
      unread: 3,
      byType: {
        notification: { total: 2, unread: 1 },
        message: { total: 1, unread: 1 },
        event: { total: 2, unread: 1 },
      },
    });
  });

  it('counts an empty list as zero everywhere', () => {
    expect(countNotices([])).toEqual({
      total: 0,
      unread: 0,
      byType: {
        notification: { total: 0, unread: 0 },
        message: { total: 0, unread: 0 },
        event: { total: 0, unread: 0 },
      },
    });
  });

  it('treats a missing read flag as unread', () => {
    expect(countNotices([{ id: 'x', type: 'message', title: 'Hi' }]).unread).toBe(1);
  });

  it('returns fresh buckets on every call', () => {
    const first = countNotices(notices);
    first.byType.message.total = 99;
    expect(countNotices(notices).byType.message.total).toBe(1);
  });
});

describe('markNoticeRead', () => {
  it('marks only the given notice and recomputed counts follow', () => {
    const next = markNoticeRead(notices, '3');
    expect(next.find((notice) => notice.id === '3')?.read).toBe(true);
    expect(countNotices(next).unread).toBe(2);
    expect(countNotices(next).byType.message.unread).toBe(0);
  });

  it('leaves the input untouched and keeps unchanged entries identical', () => {
    const next = markNoticeRead(notices, '1');
    expect(notices[0]?.read).toBeUndefined();
    expect(next[1]).toBe(notices[1]);
  });

  it('changes nothing for an unknown id', () => {
    expect(markNoticeRead(notices, 'nope')).toEqual(notices);
  });
});

describe('clearNotices', () => {
  it('removes every notice of the type and nothing else', () => {
    const next = clearNotices(notices, 'event');
    expect(next.map((notice) => notice.id)).toEqual(['1', '2', '3']);
    expect(countNotices(next)).toMatchObject({ total: 3, unread: 2, byType: { event: { total: 0, unread: 0 } } });
  });
});
