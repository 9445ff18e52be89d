import '@parley/ui/styles.css';
import { changeLocale, detectLocale } from '@parley/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element to mount Parley into.');
}

const locale = await changeLocale(detectLocale());
createRoot(container).render(
  <StrictMode>
    <App initialLocale={locale} />
  </StrictMode>,
);
