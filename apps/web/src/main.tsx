import './styles.css';
import { changeLocale, detectLocale } from '@parley/i18n';
import { applyPageSettings } from '@parley/ui/page-style-panel';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { readPageSettings } from './app/shell/page-settings';
import { createQueryClient } from './lib/query-client';
import { OFFLINE_APP_ENABLED, startServiceWorker } from './lib/service-worker';
import { applyTheme, readTheme } from './lib/theme';

// The 'new content, refresh' prompt only exists in an offline-app build; others do not load its code.
const UpdateNotice = OFFLINE_APP_ENABLED
  ? lazy(async () => ({ default: (await import('./app/shell/update-notice')).UpdateNotice }))
  : null;

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element to mount Parley into.');
}

applyTheme(readTheme());
// The saved page style (brand colour, colour-weak mode) is on the page before React's first paint.
applyPageSettings(readPageSettings());
void startServiceWorker();
const queryClient = createQueryClient();
// The router starts loading the page's code (and its data) at once; the catalogue loads beside it,
// not before it.
const router = createRouter(queryClient);
const loadingLocale = changeLocale(detectLocale());
// index.html's loading placeholder stays until the first screen's code has arrived, not a blank page.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}
const locale = await loadingLocale;

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} locale={locale}>
      <RouterProvider router={router} />
      {UpdateNotice ? (
        <Suspense>
          <UpdateNotice />
        </Suspense>
      ) : null}
    </AppProviders>
  </StrictMode>,
);
