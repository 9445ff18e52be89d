import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { checkFile, checkImports } from './check-imports.mjs';

type Finding = { file: string; line: number; specifier: string; message: string };

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-imports.mjs');

/** A small app in the real layout, every import pointing the allowed way. */
const ALLOWED_TREE: Record<string, string> = {
  'main.tsx': `import { createRouter } from './app/router';\ncreateRouter();\n`,
  'app/router.tsx': [
    `import { AppShell } from './shell/app-shell';`,
    `import { session } from '../lib/session';`,
    `export const createRouter = () => [AppShell, session, () => import('../features/calls/calls-screen')];`,
  ].join('\n'),
  'app/shell/app-shell.tsx': `import { Logo } from '../../components/logo';\nexport const AppShell = Logo;\n`,
  'features/calls/calls-screen.tsx': [
    `import { useQuery } from '@tanstack/react-query';`,
    `import { Logo } from '../../components/logo';`,
    `import { api } from '../../lib/api';`,
    `import { callsQuery } from './calls-queries';`,
    `export const CallsScreen = () => [useQuery, Logo, api, callsQuery];`,
  ].join('\n'),
  'features/calls/calls-queries.ts': `import { api } from '../../lib/api';\nexport const callsQuery = api;\n`,
  'features/calls/calls-screen.test.tsx': [
    `import { vi } from 'vitest';`,
    `import { stubServer } from '../../testing/stub-server';`,
    `vi.mock('../../lib/api', () => ({ api: {} }));`,
    `stubServer();`,
  ].join('\n'),
  'lib/api.ts': `export const api = {};\n`,
  'lib/session.ts': `import { api } from './api';\nexport const session = api;\n`,
  'components/logo.tsx': `import { api } from '../lib/api';\nexport const Logo = () => api;\n`,
  'testing/stub-server.ts': `import { api } from '../lib/api';\nexport const stubServer = () => api;\n`,
};

let root: string;

function write(relative: string, source: string) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
}

function run() {
  return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
}

const check = (file: string, source: string) => (checkFile(file, source) as Finding[]).map((f) => f.specifier);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'check-imports-'));
  for (const [relative, source] of Object.entries(ALLOWED_TREE)) {
    write(relative, source);
  }
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('check-imports', () => {
  it('passes a tree whose imports all point app → features → shared', () => {
    expect(checkImports(root)).toEqual([]);
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails, naming the file and line, once a feature imports another feature', () => {
    write('features/video/library-screen.tsx', `export const LibraryScreen = 1;\n`);
    write(
      'features/calls/follow-up.tsx',
      `import { api } from '../../lib/api';\n\nimport { LibraryScreen } from '../video/library-screen';\nexport const x = [api, LibraryScreen];\n`,
    );
    expect(checkImports(root)).toEqual([
      {
        file: 'features/calls/follow-up.tsx',
        line: 3,
        specifier: '../video/library-screen',
        message: expect.stringContaining('features/calls imports another feature (features/video)'),
      },
    ]);
    const result = run();
    expect(result.status).toBe(1);
    // The script names files relative to where it runs (a CI checkout's temporary folder is not /work's).
    const shown = path.relative(process.cwd(), path.join(root, 'features/calls/follow-up.tsx'));
    expect(result.stderr).toContain(`${shown}:3: '../video/library-screen'`);
  });

  it('fails on a feature reaching up into app/ or the entry', () => {
    expect(check('features/calls/a.ts', `import { session } from '../../app/session';`)).toEqual(['../../app/session']);
    expect(check('features/calls/a.ts', `import '../../main';`)).toEqual(['../../main']);
  });

  it('fails on shared code importing a feature or app/', () => {
    expect(check('lib/a.ts', `import { x } from '../features/calls/calls-queries';`)).toEqual([
      '../features/calls/calls-queries',
    ]);
    expect(check('components/a.tsx', `import { routes } from '../app/routes';`)).toEqual(['../app/routes']);
    expect(check('testing/a.tsx', `import { x } from '../features/calls/x';`)).toEqual(['../features/calls/x']);
  });

  it('counts every kind of module reference, tests and types included', () => {
    const source = [
      `import type { A } from '../other/a';`,
      `export { B } from '../other/b';`,
      `export * from '../other/c';`,
      `const D = lazy(() => import('../other/d'));`,
      'const E = () => import(`../other/e`);',
      `type F = typeof import('../other/f');`,
      `vi.mock('../other/g', () => ({}));`,
      `const H = await vi.importActual('../other/h');`,
    ].join('\n');
    expect(check('features/calls/calls.test.tsx', source)).toEqual([
      '../other/a',
      '../other/b',
      '../other/c',
      '../other/d',
      '../other/e',
      '../other/f',
      '../other/g',
      '../other/h',
    ]);
  });

  it('reports the line where the path is, after multi-line imports and non-ASCII text', () => {
    const source = [`// Café — a comment’s text`, `import {`, `  a,`, `  b,`, `} from '../other/x';`].join('\n');
    expect((checkFile('features/calls/a.ts', source) as Finding[]).map((finding) => finding.line)).toEqual([5]);
  });

  it('ignores paths in comments and strings, packages, and a feature’s own files', () => {
    const source = [
      `// import { x } from '../other/x';`,
      `const text = "import('../other/y')";`,
      `import { Button } from '@parley/ui/button';`,
      `import { own } from './own';`,
      `import { deep } from '../calls/deeper/own';`,
    ].join('\n');
    expect(check('features/calls/a.tsx', source)).toEqual([]);
  });
});
