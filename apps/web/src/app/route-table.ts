import type { Authority } from '../lib/authority';

/** A screen of the authenticated area: its address, title, menu place and who may open it. */
export interface AppRoute {
  path: string;
  /** Catalogue key of the title (and the menu label). */
  titleKey: string;
  /** The menu group it sits in; `null` for routes without a menu entry. */
  menu: 'main' | 'settings' | null;
  authority: Authority;
  /** True while the screen itself is not built (README lists them). */
  pending?: boolean;
}

const MEMBERS = ['admin', 'user'] as const;

/** SPEC §2.1: every route of the authenticated layout, exact paths. */
export const APP_ROUTES: AppRoute[] = [
  { path: '/dashboard', titleKey: 'web.menu.dashboard', menu: 'main', authority: MEMBERS, pending: true },
  { path: '/call-history', titleKey: 'web.menu.callHistory', menu: 'main', authority: MEMBERS },
  { path: '/chat-history', titleKey: 'web.menu.chatHistory', menu: 'main', authority: MEMBERS, pending: true },
  { path: '/video-library', titleKey: 'web.menu.library', menu: 'main', authority: MEMBERS },
  { path: '/analytics', titleKey: 'web.menu.analytics', menu: 'main', authority: MEMBERS, pending: true },
  { path: '/Support-Team', titleKey: 'web.menu.supportTeam', menu: 'main', authority: MEMBERS, pending: true },
  { path: '/record/:flag/:broadcastid', titleKey: 'web.menu.record', menu: null, authority: MEMBERS },
  { path: '/settings/profile', titleKey: 'web.menu.profile', menu: 'settings', authority: MEMBERS, pending: true },
  {
    path: '/settings/Preferences',
    titleKey: 'web.menu.preferences',
    menu: 'settings',
    authority: MEMBERS,
    pending: true,
  },
  {
    path: '/settings/contact-book',
    titleKey: 'web.menu.contacts',
    menu: 'settings',
    authority: MEMBERS,
    pending: true,
  },
  {
    path: '/settings/domain-managment',
    titleKey: 'web.menu.domains',
    menu: 'settings',
    authority: MEMBERS,
    pending: true,
  },
  { path: '/settings/slack-settings', titleKey: 'web.menu.slack', menu: 'settings', authority: MEMBERS, pending: true },
  {
    path: '/settings/managemenu',
    titleKey: 'web.menu.manageMenu',
    menu: 'settings',
    authority: MEMBERS,
    pending: true,
  },
  { path: '/settings/menu-video', titleKey: 'web.menu.menuVideo', menu: 'settings', authority: MEMBERS, pending: true },
];
