import { describe, expect, it } from 'vitest';
import {
  deferStylesheet,
  fileFor,
  fillTemplate,
  modulePreloads,
  SCREEN_MODULES,
  shellPages,
  systemDarkTokens,
} from './prerender.mjs';

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

  it('marks only a page to be hydrated as prerendered; a loading page is inert and replaced', () => {
    const html = fillTemplate(TEMPLATE, '<nav>menu</nav>', { hydrate: false });
    expect(html).toContain('<div id="root" inert aria-busy="true"><nav>menu</nav></div>');
    expect(html).not.toContain('data-prerendered');
  });

  it("preloads the modules' files and what they import, once each, less what the page loads", () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-b.js' },
      'src/app/layouts/basic-layout.tsx': { file: 'assets/basic-layout-c.js', imports: ['_react.js', '_menu.js'] },
      'src/app/authorized.tsx': { file: 'assets/authorized-d.js', imports: ['_menu.js'] },
      '_menu.js': { file: 'assets/menu-e.js', imports: ['_react.js'] },
    };
    const page =
      '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/react-b.js">';
    expect(modulePreloads(manifest, ['src/app/layouts/basic-layout.tsx', 'src/app/authorized.tsx'], page)).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/basic-layout-c.js">',
        '<link rel="modulepreload" crossorigin href="/assets/menu-e.js">',
        '<link rel="modulepreload" crossorigin href="/assets/authorized-d.js">',
      ].join(''),
    );
    expect(() => modulePreloads(manifest, ['src/gone.tsx'], page)).toThrow(/src\/gone\.tsx/);
  });

  it("gives each built signed-in screen a loading page that preloads the screen's own code", () => {
    const pages = shellPages([
      { path: '/dashboard', built: false },
      { path: '/call-history', built: true },
      { path: '/analytics', built: false },
    ]);
    expect(pages.map(({ path, file }) => [path, file])).toEqual([
      ['/dashboard', 'app-shell.html'],
      ['/call-history', 'app-shell-call-history.html'],
      ['/analytics', 'app-shell.html'],
    ]);
    expect(pages[1]?.modules).toContain('src/features/call-history/call-history-screen.tsx');
    expect(pages[1]?.modules).toContain('src/app/layouts/basic-layout.tsx');
    expect(pages[0]?.modules).toContain('src/features/pending/pending-screen.tsx');
  });

  it('fails the build for a built screen whose module it does not know', () => {
    expect(() => shellPages([{ path: '/dashboard', built: true }])).toThrow(/SCREEN_MODULES/);
  });

  it('knows the module of every built screen of the app', async () => {
    const { APP_ROUTES } = await import('../src/app/routes');
    const built = APP_ROUTES.filter((route) => route.screen && !route.path.includes(':')).map((route) => route.path);
    expect(Object.keys(SCREEN_MODULES).sort()).toEqual(built.sort());
  });
});
