import { useTranslation } from '@parley/i18n';
import { AppShell } from '@parley/ui/app-shell';
import { HeaderActions, type Notice as HeaderNotice } from '@parley/ui/header-actions';
import { Menu } from '@parley/ui/menu';
import { OfflineBanner } from '@parley/ui/offline-banner';
import { IdCard, LogOut, UserCog } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { useLogout } from '../../features/account/use-logout';
import { useLiveCalls } from '../../features/live-calls/use-live-calls';
import { noticeTarget, toHeaderNotice } from '../../features/notices/header-notices';
import { useNotices } from '../../features/notices/use-notices';
import { useRealtimeNotices } from '../../features/notices/use-realtime-notices';
import { AVAILABILITY_CHOICES, useAvailability } from '../../features/presence/use-availability';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import type { AppRoute } from '../routes';
import { useHeaderSearchResults } from '../shell/header-search-results';
import { useMenuItems } from '../shell/menu';
import { usePageSettings } from '../shell/page-settings';
import { PageStyle, PageStyleDrawerEntry, usePageStyleOpen } from '../shell/page-style';
import { useScreenSearch } from '../shell/screen-search';
import { ShellLoading } from '../shell/shell-loading';
import { useTopMenuOverflow } from '../shell/top-menu-overflow';

// The account menu's name-and-team dialog: its code loads when it is first opened.
const NamesDialog = lazy(async () => ({
  default: (await import('../../features/account/names-dialog')).NamesDialog,
}));

// The live call cards (issue 16): their code loads once a call rings for this member, or is theirs.
const LiveCallCards = lazy(async () => ({
  default: (await import('../../features/live-calls/live-call-cards')).LiveCallCards,
}));

// Offers an interrupted recording back; its code loads after the shell has rendered, never before.
const RecoveryGate = lazy(async () => ({
  default: (await import('../../features/recorder/recovery-gate')).RecoveryGate,
}));

/** True once the browser has been idle after the first render (or a moment has passed). */
function useAfterFirstPaint(enabled: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled || ready) {
      return;
    }
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), 500);
    return () => window.clearTimeout(timer);
  }, [enabled, ready]);
  return ready;
}

/** The help page the header links to, inside the app (it links on to the API documentation). */
export const HELP_URL = '/help';

/**
 * The basic layout: the authenticated shell (SPEC §2.6) — menu, header with search, help, the
 * notice bell, theme, page style, account menu and language (on phones the menu and the page
 * style move into a drawer); the offline banner; and the screen, once the signed-in member has
 * loaded. `routes` are the registry's screens, handed over
 * by the router: imported here too, the registry (and the chunk lists of its lazy screens) would
 * sit in a chunk of its own beside the router's.
 */
/** How each availability looks on the avatar. */
const AVAILABILITY_TONES = { available: 'success', away: 'warning', offline: 'muted' } as const;

function BasicLayout({ routes }: { routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const items = useMenuItems(routes, session.role);
  const [settings, setSettings] = usePageSettings();
  const pageStyle = usePageStyleOpen();
  const topMenu = useTopMenuOverflow(items, settings.layout === 'top');
  const currentUser = useCurrentUser(session.token);
  const availability = useAvailability(currentUser.data?.userid);
  const available = availability.chosen === 'available';
  const liveCalls = useLiveCalls(currentUser.data?.userid, available);
  const notices = useNotices(session.token);
  useRealtimeNotices(session.token);
  const search = useScreenSearch(routes, session.role);
  const searchResults = useHeaderSearchResults(routes, session.role);
  const [noticesOpen, setNoticesOpen] = useState(false);
  const [namesOpen, setNamesOpen] = useState(false);
  const [namesMounted, setNamesMounted] = useState(false);
  const recoveryReady = useAfterFirstPaint(!currentUser.isPending);
  // Only once a recording is named (VideoRecording): otherwise nothing of it loads at all. Once
  // mounted it stays, so a dialog it shows is not cut off when the upload removes the key.
  const [recoveryMounted, setRecoveryMounted] = useState(false);
  if (!recoveryMounted && recoveryReady && localStorage.getItem(STORAGE_KEYS.videoRecording)) {
    setRecoveryMounted(true);
  }

  function openNotice(shown: HeaderNotice) {
    const notice = notices.notices.find((candidate) => candidate.id === shown.id);
    if (!notice) {
      return;
    }
    if (!notice.read) {
      notices.markRead(notice.id);
    }
    const target = noticeTarget(notice);
    if (target) {
      setNoticesOpen(false);
      navigate(target);
    }
  }

  return (
    <>
      <AppShell
        layout={settings.layout}
        navTheme={settings.navTheme}
        contentWidth={settings.contentWidth}
        fixedHeader={settings.fixedHeader}
        fixedSidebar={settings.fixedSidebar}
        hideHeaderOnScroll={settings.hideHeaderOnScroll}
        menuLabel={t('web.menu.label')}
        logo={({ collapsed, placement }) => (
          <Logo to="/dashboard" collapsed={collapsed} compact={placement === 'shell'} />
        )}
        menu={({ layout, collapsed, navTheme }) => {
          const menu = (
            <Menu
              items={layout === 'top' ? topMenu.items : items}
              mode={layout}
              collapsed={collapsed}
              theme={navTheme}
              selectedKey={location.pathname}
              renderLink={({ href, children }) => <Link to={href}>{children}</Link>}
            />
          );
          return layout === 'top' ? (
            <div ref={topMenu.ref} className="h-full min-w-0 flex-1">
              {menu}
            </div>
          ) : (
            menu
          );
        }}
        headerActions={
          <HeaderActions
            onSearch={search}
            searchPlaceholder={t('web.search.placeholder')}
            searchResults={searchResults}
            helpHref={HELP_URL}
            renderHelpLink={({ href, children }) => <Link to={href}>{children}</Link>}
            notices={notices.notices.map((notice) => toHeaderNotice(notice, t))}
            noticesLoading={notices.loading}
            onNoticeClick={openNotice}
            onClear={notices.clear}
            noticesOpen={noticesOpen}
            onNoticesOpenChange={setNoticesOpen}
            account={{
              // The stored name once loaded: the token's claim keeps the name of the sign-in.
              name: currentUser.data?.name ?? session.name ?? '',
              ...(currentUser.data?.avatar ? { avatar: currentUser.data.avatar } : {}),
            }}
            {...(availability.chosen
              ? {
                  accountStatus: {
                    label: t('web.availability.label'),
                    value: availability.chosen,
                    options: AVAILABILITY_CHOICES.map((choice) => ({
                      value: choice,
                      label: t(`web.availability.${choice}`),
                      tone: AVAILABILITY_TONES[choice],
                    })),
                    onChange: (value: string) => {
                      const choice = AVAILABILITY_CHOICES.find((candidate) => candidate === value);
                      if (choice) {
                        availability.choose(choice);
                      }
                    },
                  },
                }
              : {})}
            accountItems={[
              {
                id: 'names',
                label: t('web.names.menu'),
                icon: <IdCard aria-hidden />,
                onSelect: () => {
                  setNamesMounted(true);
                  setNamesOpen(true);
                },
              },
              {
                id: 'settings',
                label: t('web.shell.settings'),
                icon: <UserCog aria-hidden />,
                onSelect: () => navigate('/settings/profile'),
              },
              {
                id: 'logout',
                label: t('web.shell.logout'),
                icon: <LogOut aria-hidden />,
                destructive: true,
                separatorBefore: true,
                onSelect: () => void logout(),
              },
            ]}
            languagePicker={<LanguageSwitch narrow="icon" />}
          >
            <ThemeToggle />
            <PageStyle settings={settings} onSettingsChange={setSettings} control={pageStyle} />
          </HeaderActions>
        }
        drawerFooter={<PageStyleDrawerEntry control={pageStyle} />}
      >
        <OfflineBanner />
        {currentUser.isPending ? <ShellLoading /> : <Outlet />}
      </AppShell>
      {namesMounted ? (
        <Suspense fallback={null}>
          <NamesDialog user={currentUser.data} open={namesOpen} onOpenChange={setNamesOpen} />
        </Suspense>
      ) : null}
      {liveCalls.needed && liveCalls.list && currentUser.data ? (
        <Suspense fallback={null}>
          <LiveCallCards list={liveCalls.list} userId={currentUser.data.userid} available={available} />
        </Suspense>
      ) : null}
      {recoveryMounted ? (
        <Suspense fallback={null}>
          <RecoveryGate />
        </Suspense>
      ) : null}
    </>
  );
}

export { BasicLayout };
