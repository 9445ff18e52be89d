import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStylesheets } from './deferred-stylesheets';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyDeferredStylesheets', () => {
  it('turns the preloaded stylesheet of a prerendered page into a stylesheet, and leaves other preloads', () => {
    document.head.innerHTML = [
      '<link rel="preload" as="style" crossorigin href="/assets/index.css" data-stylesheet="">',
      '<link rel="preload" as="font" href="/assets/inter.woff2">',
      '<link rel="modulepreload" href="/assets/index.js">',
    ].join('');
    applyDeferredStylesheets();
    const [stylesheet, font, module] = document.head.querySelectorAll('link');
    expect(stylesheet?.rel).toBe('stylesheet');
    expect(stylesheet?.hasAttribute('data-stylesheet')).toBe(false);
    expect(stylesheet?.getAttribute('href')).toBe('/assets/index.css');
    expect(font?.rel).toBe('preload');
    expect(module?.rel).toBe('modulepreload');
  });
});
