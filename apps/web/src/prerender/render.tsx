import { changeLocale, DEFAULT_LOCALE } from '@parley/i18n';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { Interactive } from '../app/interactive';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/router';
import { APP_ROUTES } from '../app/routes';
import { ShellPlaceholder } from '../app/shell/shell-placeholder';

/**
 * The markup of one public page as a first visit paints it: the real screens, rendered by React's
 * server renderer at build time in the default locale, for `main.tsx` to hydrate.
 */
export async function renderPage(path: string): Promise<string> {
  await changeLocale(DEFAULT_LOCALE);
  const { query, dataRoutes } = createStaticHandler(createRoutes());
  const context = await query(new Request(new URL(path, 'http://parley.invalid')));
  if (context instanceof Response) {
    throw new Error(`Prerendering ${path} answered a redirect (${context.status}), not a page.`);
  }
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Interactive>
        <AppProviders locale={DEFAULT_LOCALE}>
          {/* No hydration script: the Content-Security-Policy allows no inline script, and the public routes have no loader data. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </Interactive>
    </StrictMode>,
  );
}

/**
 * The signed-in screens' loading page: the shell's shape, painted at once on a direct load while
 * the screen's code arrives. Not hydrated (the app renders the real shell in its place).
 */
export async function renderShellPlaceholder(): Promise<string> {
  await changeLocale(DEFAULT_LOCALE);
  return renderToString(
    <AppProviders locale={DEFAULT_LOCALE}>
      <StaticRouter location="/dashboard">
        <ShellPlaceholder />
      </StaticRouter>
    </AppProviders>,
  );
}

/**
 * The signed-in screens with an exact address (those with parameters keep index.html's loading
 * page), and whether each has its own screen yet (the others show the pending page).
 */
export const SHELL_SCREENS: readonly { path: string; built: boolean }[] = APP_ROUTES.filter(
  (route) => !route.path.includes(':'),
).map((route) => ({ path: route.path, built: route.screen !== undefined }));
