import { useTranslation } from '@parley/i18n';
import type { MenuItem } from '@parley/ui/menu';
import { BarChart3, Film, History, Inbox, LayoutDashboard, MessagesSquare, Settings, Users } from 'lucide-react';
import { hasAuthority } from '../../lib/authority';
import type { AppPath, AppRoute } from '../routes';

// The icons stay here, where the menu loads with the shell: in the registry they would be on every page.
const ICONS: Partial<Record<AppPath, React.ReactNode>> = {
  '/dashboard': <LayoutDashboard aria-hidden />,
  '/call-history': <History aria-hidden />,
  '/chat-history': <MessagesSquare aria-hidden />,
  '/video-library': <Film aria-hidden />,
  '/requests': <Inbox aria-hidden />,
  '/analytics': <BarChart3 aria-hidden />,
  '/Support-Team': <Users aria-hidden />,
};

/** The menu of the authenticated area, from the route registry, showing only what the role may open. */
export function useMenuItems(routes: readonly AppRoute[], role: string | null): MenuItem[] {
  const { t } = useTranslation();
  const visible = routes.filter((route) => hasAuthority(route.authority, role));
  const item = (route: AppRoute): MenuItem => {
    const icon = ICONS[route.path as AppPath];
    return { key: route.path, label: t(route.titleKey), href: route.path, ...(icon ? { icon } : {}) };
  };
  const settings = visible.filter((route) => route.menu === 'settings').map(item);
  return [
    ...visible.filter((route) => route.menu === 'main').map(item),
    ...(settings.length > 0
      ? [{ key: '/settings', label: t('web.menu.settings'), icon: <Settings aria-hidden />, children: settings }]
      : []),
  ];
}
