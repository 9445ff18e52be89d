import { describe, expect, it } from 'vitest';
import { deferStylesheet, fileFor, fillTemplate, systemDarkTokens } from './prerender.mjs';

const TEMPLATE = `<!doctype html><html><head><title>Parley</title></head><body>
    <div id="root">
      <div class="boot" role="status" aria-busy="true" aria-label="Parley">
        <span class="boot-mark" aria-hidden="true">P</span>
      </div>
    </div>
    <script type="module" src="/assets/index.js"></script>
  </body></html>`;

describe('prerendering the public pages', () => {
  it('puts the markup in place of the loading placeholder, marked for hydration', () => {
    const html = fillTemplate(TEMPLATE, '<main><h1>Sign in</h1></main>');
    expect(html).toContain(
      '<div id="root" data-prerendered="" inert aria-busy="true"><main><h1>Sign in</h1></main></div>',
    );
    expect(html).not.toContain('boot');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('keeps markup with $ signs as it is (no replacement patterns)', () => {
    expect(fillTemplate(TEMPLATE, "<p>$& $' $1</p>")).toContain("<p>$& $' $1</p>");
  });

  it('refuses a template without the placeholder', () => {
    expect(() => fillTemplate('<html><body></body></html>', '<h1>x</h1>')).toThrow(/#root|root/);
  });

  it('names a file per address', () => {
    expect(fileFor('/')).toBe('index.html');
    expect(fileFor('/user/login')).toBe('user-login.html');
    expect(fileFor('/contact-us')).toBe('contact-us.html');
  });

  it('takes the dark tokens for the system preference from the stylesheet, top-level .dark only', () => {
    const css =
      ':root{--background:#fff}.dark{--background:#141414;--foreground:#ececec}.dark .x{color:red}@media print{.dark{--background:#000}}';
    expect(systemDarkTokens(css)).toBe(
      '@media (prefers-color-scheme:dark){html:not([data-nav-theme]){--background:#141414;--foreground:#ececec}}',
    );
    expect(() => systemDarkTokens(':root{--background:#fff}')).toThrow(/\.dark/);
  });

  it('makes the stylesheet a preload that the entry switches on', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-Bt7a8ABI.css"></head>';
    expect(deferStylesheet(html)).toBe(
      '<head><link rel="preload" as="style" crossorigin href="/assets/index-Bt7a8ABI.css" data-stylesheet=""></head>',
    );
    expect(() => deferStylesheet('<head></head>')).toThrow(/stylesheet/);
  });
});
