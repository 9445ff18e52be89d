import './styles.css';
import { changeLocale, detectLocale } from '@parley/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readFrameHash } from '../protocol';
import { applyTheme, listenToLoader } from './frame';
import { WidgetApp } from './widget-app';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The widget page has no #root element.');
}

const parameters = readFrameHash(window.location.hash);
// The host's colour scheme as the loader saw it, else this frame's own.
applyTheme(parameters.theme ?? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
listenToLoader(applyTheme);
// The visitor's language as the loader picked it from the browser's, else the browser's own.
// (Not the members' stored choice: a visitor has none, and a third-party frame may not read storage.)
await changeLocale(parameters.language ?? detectLocale({ getItem: () => null }));
const widgetKey = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');

createRoot(container).render(
  <StrictMode>
    <WidgetApp widgetKey={widgetKey} />
  </StrictMode>,
);
