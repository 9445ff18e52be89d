/**
 * Switches on the stylesheets a prerendered page only preloaded (scripts/prerender.mjs): its
 * critical CSS was inline, so the whole stylesheet did not hold the first paint back. Run by the
 * entry before the app renders; nothing to do on other pages.
 */
export function applyDeferredStylesheets(root: Document = document): void {
  for (const link of root.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-stylesheet]')) {
    link.rel = 'stylesheet';
    link.removeAttribute('data-stylesheet');
  }
}
