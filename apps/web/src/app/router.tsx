import { loadAppMessages } from '@parley/i18n';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject } from 'react-router';
import { getSession, useSession } from '../lib/session';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { APP_ROUTES, type AppRoute } from './routes';

/** A lazily loaded public screen: its module's `Component` becomes the route's element. */
type LazyRoute = () => Promise<{ Component: React.ComponentType } | { element: React.ReactNode }>;

function screen(load: LazyRoute): Pick<RouteObject, 'lazy'> {
  return { lazy: load };
}

/**
 * A lazily loaded screen or layout that reads through the query cache: the cache's code comes
 * with it, not with every page (lib/query-provider).
 */
function cachedScreen(load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [{ QueryProvider }, Screen] = await Promise.all([import('../lib/query-provider'), load()]);
      return {
        element: (
          <QueryProvider>
            <Screen />
          </QueryProvider>
        ),
      };
    },
  };
}

/** A screen of the authenticated area: its own code, or the pending page with its title while it is not built. */
function appScreen(route: AppRoute): Promise<React.ComponentType> {
  const { messages } = route;
  return route.screen
    ? Promise.all([
        route.screen(),
        messages
          ? import('@parley/i18n/screen-messages').then(({ loadScreenMessages }) => loadScreenMessages(messages))
          : undefined,
      ]).then(([screen]) => screen)
    : import('../features/pending/pending-screen').then(({ PendingScreen }) => () => (
        <PendingScreen titleKey={route.titleKey} />
      ));
}

/**
 * A loader that starts the screen's data for a signed-in member and answers at once: the page does
 * not wait for it (the screen's own query picks the answer up), and a failure is the screen's to show.
 */
function prefetchLoader(route: AppRoute, queryClient: QueryClient | undefined): LoaderFunction | undefined {
  const { prefetch } = route;
  if (!prefetch) {
    return undefined;
  }
  return ({ request }) => {
    if (getSession().loggedIn) {
      const client = queryClient
        ? Promise.resolve(queryClient)
        : import('../lib/query-client').then(({ getQueryClient }) => getQueryClient());
      client.then((cache) => prefetch(cache, new URL(request.url))).catch(() => {});
    }
    return null;
  };
}

/** `/`: the landing page for visitors; inside the authenticated area it leads to the dashboard. */
function HomeOrDashboard({ Home }: { Home: React.ComponentType }) {
  return useSession().loggedIn ? <Navigate to="/dashboard" replace /> : <Home />;
}

/**
 * SPEC §2.1: every route, exact (case-sensitive) matches, in the layouts basic (the authenticated
 * shell), blank, security (the sign-in guard) and user (account pages). Each screen is its own
 * chunk, so the landing and login pages load nothing of the authenticated area.
 */
export function createRoutes(
  /** The cache the screens' data is prefetched into; the app's own (lib/query-client) by default. */
  queryClient?: QueryClient,
): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          path: '/',
          caseSensitive: true,
          lazy: async () => {
            const { HomeScreen } = await import('../features/home/home-screen');
            return { element: <HomeOrDashboard Home={HomeScreen} /> };
          },
        },
        {
          lazy: async () => ({ Component: (await import('./layouts/blank-layout')).BlankLayout }),
          children: [
            ...['/contact-us', '/request-demo'].map((path) => ({
              path,
              caseSensitive: true,
              ...screen(async () => ({
                Component: (await import('../features/contact/contact-screen')).ContactScreen,
              })),
            })),
            {
              // The public watch page of a video message: no sign-in.
              path: '/v/:token',
              caseSensitive: true,
              ...cachedScreen(async () => (await import('../features/watch/watch-screen')).WatchScreen),
            },
            ...(['403', '404', '500'] as const).map((status) => ({
              path: `/exception/${status}`,
              caseSensitive: true,
              ...screen(async () => {
                const { ExceptionScreen } = await import('../features/exception/exception-screen');
                return { element: <ExceptionScreen status={status} /> };
              }),
            })),
          ],
        },
        {
          path: '/user',
          caseSensitive: true,
          lazy: async () => ({ Component: (await import('./layouts/user-layout')).UserLayout }),
          children: [
            { index: true, element: <Navigate to="/user/login" replace /> },
            {
              path: 'login',
              caseSensitive: true,
              ...screen(async () => ({ Component: (await import('../features/account/login-screen')).LoginScreen })),
            },
            {
              path: 'team-login/:id',
              caseSensitive: true,
              ...cachedScreen(async () => (await import('../features/account/team-login-screen')).TeamLoginScreen),
            },
            {
              path: 'registration',
              caseSensitive: true,
              ...screen(async () => ({
                Component: (await import('../features/account/registration-screen')).RegistrationScreen,
              })),
            },
            {
              path: 'forgot-password',
              caseSensitive: true,
              ...screen(async () => ({
                Component: (await import('../features/account/forgot-password-screen')).ForgotPasswordScreen,
              })),
            },
            {
              path: 'reset-password/:token/:userId',
              caseSensitive: true,
              ...screen(async () => ({
                Component: (await import('../features/account/reset-password-screen')).ResetPasswordScreen,
              })),
            },
            {
              path: 'change-password/:token',
              caseSensitive: true,
              ...screen(async () => ({
                Component: (await import('../features/account/change-password-screen')).ChangePasswordScreen,
              })),
            },
          ],
        },
        {
          // The security layout: only signed-in members pass; then the basic layout, the shell. The
          // signed-in area reads through the query cache.
          // The signed-in screens' messages come with the area's code (packages/i18n/src/slices.ts).
          ...cachedScreen(async () => {
            const [{ SecurityLayout }] = await Promise.all([import('./layouts/security-layout'), loadAppMessages()]);
            return SecurityLayout;
          }),
          children: [
            {
              // The shell's menu and search read the registry too; it is handed over, not imported there.
              lazy: async () => {
                const { BasicLayout } = await import('./layouts/basic-layout');
                return { element: <BasicLayout routes={APP_ROUTES} /> };
              },
              children: APP_ROUTES.map((route) => ({
                path: route.path,
                caseSensitive: true,
                loader: prefetchLoader(route, queryClient),
                lazy: async () => {
                  const [{ Authorized }, Screen] = await Promise.all([import('./authorized'), appScreen(route)]);
                  return {
                    element: (
                      <Authorized authority={route.authority}>
                        <Screen />
                      </Authorized>
                    ),
                  };
                },
              })),
            },
          ],
        },
        {
          path: '*',
          lazy: async () => {
            const { ExceptionScreen } = await import('../features/exception/exception-screen');
            return { element: <ExceptionScreen status="404" /> };
          },
        },
      ],
    },
  ];
}

/** The routes, prefetching into the app's cache (made when first needed). */
export const routes = createRoutes();

export function createRouter() {
  return createBrowserRouter(createRoutes());
}
