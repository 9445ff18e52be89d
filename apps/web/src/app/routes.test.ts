import { i18n } from '@parley/i18n';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './routes';

describe('the route registry', () => {
  // The screens were once listed twice, by path (the table and the router's screens): a path
  // spelled differently in one of them showed the built screen as 'not built yet'.
  it('declares each path once, each built screen with its own code', { timeout: 30_000 }, async () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    const built = APP_ROUTES.filter((route) => route.screen);
    expect(built.map((route) => route.path)).toEqual([
      '/call-history',
      '/video-library',
      '/requests',
      '/requests/:id',
      '/Support-Team',
      '/record/:flag/:broadcastid',
      '/help',
      '/settings/profile',
      '/settings/contact-book',
      '/settings/domain-managment',
      '/widget-preview',
      '/settings/slack-settings',
    ]);
    for (const route of built) {
      expect(typeof (await route.screen?.())).toBe('function');
    }
  });

  it('titles every screen from the catalogue', () => {
    for (const route of APP_ROUTES) {
      expect(i18n.t(route.titleKey)).not.toBe(route.titleKey);
    }
  });
});
