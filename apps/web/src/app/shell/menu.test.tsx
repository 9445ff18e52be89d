import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noticeTarget } from '../../features/notices/header-notices';
import { APP_ROUTES } from '../routes';
import { useMenuItems } from './menu';

const ID = '3f0c5c2e-8a5b-4e0b-9a43-0d6f1c1a7b01';

describe('where the Requests screen is offered', () => {
  it('is in the main menu for admins only', () => {
    const keys = (role: string) =>
      renderHook(() => useMenuItems(APP_ROUTES, role)).result.current.map((item) => item.key);
    expect(keys('admin')).toContain('/requests');
    expect(keys('user')).not.toContain('/requests');
    // The single request has no menu entry of its own.
    expect(keys('admin')).not.toContain('/requests/:id');
  });

  it('the new-request notice opens the request', () => {
    expect(noticeTarget({ link: `/requests/${ID}` })).toBe(`/requests/${ID}`);
  });
});
