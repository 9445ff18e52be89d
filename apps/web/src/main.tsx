import './styles.css';
import { changeLocale, DEFAULT_LOCALE, detectLocale, getDirection } from '@parley/i18n';
import { applyPageSettings } from '@parley/ui/page-style-panel';
import { UiProvider } from '@parley/ui/provider';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Interactive } from './app/interactive';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { readPageSettings } from './app/shell/page-settings';
import { applyDeferredStylesheets } from './lib/deferred-stylesheets';
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

// A prerendered page painted with its critical CSS; the whole stylesheet comes in now.
applyDeferredStylesheets();
applyTheme(readTheme());
// The saved page style (brand colour, colour-weak mode) is on the page before React's first paint.
applyPageSettings(readPageSettings());
void startServiceWorker();
// The router starts loading the page's code (and its data) at once; the catalogue loads beside it,
// not before it.
const router = createRouter();
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

const app = (
  <StrictMode>
    <Interactive>
      <AppProviders locale={locale}>
        <RouterProvider router={router} />
      </AppProviders>
    </Interactive>
  </StrictMode>
);
// A public page came prerendered (scripts/prerender.mjs): React takes its markup over as it is,
// when it was rendered in this language. In another language the page renders anew.
if (container.hasAttribute('data-prerendered') && locale === DEFAULT_LOCALE) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

if (UpdateNotice) {
  // A root of its own, beside the page's: the prerendered markup has no place for it.
  const updateContainer = document.body.appendChild(document.createElement('div'));
  createRoot(updateContainer).render(
    <StrictMode>
      <UiProvider locale={locale} dir={getDirection(locale)}>
        <Suspense>
          <UpdateNotice />
        </Suspense>
      </UiProvider>
    </StrictMode>,
  );
}
