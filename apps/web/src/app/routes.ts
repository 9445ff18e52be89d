import type { ScreenSlice } from '@parley/i18n/slices';
import type { QueryClient } from '@tanstack/react-query';
import type { Authority } from '../lib/authority';

/** A screen's code, loaded when its route is first opened (its own chunk). */
export type LazyScreen = () => Promise<React.ComponentType>;

/**
 * A screen of the authenticated area, declared once: its address, title, menu place, who may
 * open it, and its code. The router, the menu and the header search all read this list.
 */
export interface AppRoute {
  path: string;
  /** Catalogue key of the title (and the menu label). */
  titleKey: string;
  /** The menu group it sits in; `null` for routes without a menu entry. */
  menu: 'main' | 'settings' | null;
  authority: Authority;
  /** The screen; absent while it is not built (the pending page shows its title; README lists them). */
  screen?: LazyScreen;
  /** The parts of the catalogues the screen shows beyond the signed-in area's, loaded with its code. */
  messages?: readonly ScreenSlice[];
  /**
   * The screen's data for an address, asked for while its code loads and the session is checked,
   * so that a direct load does not wait for one before the other.
   */
  prefetch?: (queryClient: QueryClient, url: URL) => Promise<void>;
}

const MEMBERS = ['admin', 'user'] as const;

const ROUTES = [
  {
    path: '/dashboard',
    titleKey: 'web.menu.dashboard',
    menu: 'main',
    authority: MEMBERS,
  },
  {
    path: '/call-history',
    titleKey: 'web.menu.callHistory',
    menu: 'main',
    authority: MEMBERS,
    screen: async () => (await import('../features/call-history/call-history-screen')).CallHistoryScreen,
    // From the screen's own chunk (loading anyway, beside the layout's): no file of its own.
    prefetch: async (queryClient, url) =>
      (await import('../features/call-history/call-history-screen')).prefetchCallHistory(queryClient, url),
  },
  {
    path: '/chat-history',
    titleKey: 'web.menu.chatHistory',
    menu: 'main',
    authority: MEMBERS,
  },
  {
    path: '/video-library',
    titleKey: 'web.menu.library',
    menu: 'main',
    authority: MEMBERS,
    screen: async () => (await import('../features/library/library-screen')).LibraryScreen,
  },
  {
    // Contact and demo requests from the public form: the team's admins read and answer them.
    path: '/requests',
    titleKey: 'web.menu.requests',
    menu: 'main',
    authority: ['admin'],
    screen: async () => (await import('../features/requests/requests-screen')).RequestsScreen,
  },
  {
    // One request, as the new-request notice and e-mail open it.
    path: '/requests/:id',
    titleKey: 'web.menu.requests',
    menu: null,
    authority: ['admin'],
    screen: async () => (await import('../features/requests/request-detail-screen')).RequestDetailScreen,
  },
  {
    path: '/analytics',
    titleKey: 'web.menu.analytics',
    menu: 'main',
    authority: MEMBERS,
  },
  {
    // The members: admins invite and manage them, users read the list.
    path: '/Support-Team',
    titleKey: 'web.menu.supportTeam',
    menu: 'main',
    authority: MEMBERS,
    screen: async () => (await import('../features/team/team-screen')).TeamScreen,
    messages: ['team'],
  },
  {
    path: '/record/:flag/:broadcastid',
    titleKey: 'web.menu.record',
    menu: null,
    authority: MEMBERS,
    screen: async () => (await import('../features/recorder/recorder-screen')).RecorderScreen,
  },
  {
    // What each screen does, the keyboard shortcuts and the API documentation: the header's Help.
    path: '/help',
    titleKey: 'web.menu.help',
    menu: null,
    authority: MEMBERS,
    screen: async () => (await import('../features/help/help-screen')).HelpScreen,
  },
  {
    path: '/settings/profile',
    titleKey: 'web.menu.profile',
    menu: 'settings',
    authority: MEMBERS,
    screen: async () => (await import('../features/profile/profile-screen')).ProfileScreen,
    messages: ['profile'],
  },
  {
    path: '/settings/Preferences',
    titleKey: 'web.menu.preferences',
    menu: 'settings',
    authority: MEMBERS,
  },
  {
    // The team's contacts: every member (admin or user) searches, adds, edits, merges, imports and exports.
    path: '/settings/contact-book',
    titleKey: 'web.menu.contacts',
    menu: 'settings',
    authority: MEMBERS,
    screen: async () => (await import('../features/contacts/contacts-screen')).ContactsScreen,
    messages: ['contacts'],
  },
  {
    // The origins where the visitor widget may run, and its key: admins change them, users read.
    path: '/settings/domain-managment',
    titleKey: 'web.menu.domains',
    menu: 'settings',
    authority: MEMBERS,
    screen: async () => (await import('../features/domains/domains-screen')).DomainsScreen,
  },
  {
    // The team's visitor widget on Parley's own page, to try before any website embeds it.
    path: '/widget-preview',
    titleKey: 'web.menu.widgetPreview',
    menu: null,
    authority: MEMBERS,
    screen: async () => (await import('../features/domains/widget-preview-screen')).WidgetPreviewScreen,
  },
  {
    // The team's Slack token and Sync Users: admins save and sync, users read.
    path: '/settings/slack-settings',
    titleKey: 'web.menu.slack',
    menu: 'settings',
    authority: MEMBERS,
    screen: async () => (await import('../features/slack/slack-screen')).SlackScreen,
    messages: ['slack'],
  },
  { path: '/settings/managemenu', titleKey: 'web.menu.manageMenu', menu: 'settings', authority: MEMBERS },
  { path: '/settings/menu-video', titleKey: 'web.menu.menuVideo', menu: 'settings', authority: MEMBERS },
] as const satisfies readonly AppRoute[];

/** SPEC §2.1: every route of the authenticated layout, exact paths. */
export const APP_ROUTES: readonly AppRoute[] = ROUTES;

/** The address of a screen of the registry: a path spelled wrong where this type is used does not compile. */
export type AppPath = (typeof ROUTES)[number]['path'];
