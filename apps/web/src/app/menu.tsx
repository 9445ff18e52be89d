import { useTranslation } from '@parley/i18n';
import type { MenuItem } from '@parley/ui/menu';
import { BarChart3, Film, History, LayoutDashboard, MessagesSquare, Settings, Users } from 'lucide-react';
import { hasAuthority } from '../lib/authority';
import { APP_ROUTES } from './route-table';

const ICONS: Record<string, React.ReactNode> = {
  '/dashboard': <LayoutDashboard aria-hidden />,
  '/call-history': <History aria-hidden />,
  '/chat-history': <MessagesSquare aria-hidden />,
  '/video-library': <Film aria-hidden />,
  '/analytics': <BarChart3 aria-hidden />,
  '/Support-Team': <Users aria-hidden />,
};

/** The menu of the authenticated area, from the route table, showing only what the role may open. */
export function useMenuItems(role: string | null): MenuItem[] {
  const { t } = useTranslation();
  const visible = APP_ROUTES.filter((route) => hasAuthority(route.authority, role));
  const item = (route: (typeof APP_ROUTES)[number]): MenuItem => ({
    key: route.path,
    label: t(route.titleKey),
    href: route.path,
    ...(ICONS[route.path] ? { icon: ICONS[route.path] } : {}),
  });
  const settings = visible.filter((route) => route.menu === 'settings').map(item);
  return [
    ...visible.filter((route) => route.menu === 'main').map(item),
    ...(settings.length > 0
      ? [{ key: '/settings', label: t('web.menu.settings'), icon: <Settings aria-hidden />, children: settings }]
      : []),
  ];
}
