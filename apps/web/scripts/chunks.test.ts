import { describe, expect, it } from 'vitest';
import { entryStaticGraph, isBarrel, signedInGroup } from './chunks';

interface FakeModule {
  code?: string;
  imports?: string[];
  dynamicImports?: string[];
  entry?: boolean;
}

/** A module graph as the build's chunking sees it, from each module's imports. */
function context(modules: Record<string, FakeModule>) {
  const importers = (id: string, key: 'imports' | 'dynamicImports') =>
    Object.entries(modules)
      .filter(([, module]) => module[key]?.includes(id))
      .map(([importer]) => importer);
  return {
    getModuleInfo(id: string) {
      const module = modules[id];
      return module
        ? ({
            id,
            code: module.code ?? 'export const x = 1;',
            isEntry: module.entry ?? false,
            importedIds: module.imports ?? [],
            dynamicallyImportedIds: module.dynamicImports ?? [],
            importers: importers(id, 'imports'),
            dynamicImporters: importers(id, 'dynamicImports'),
            // The rest of ModuleInfo is not read.
          } as never)
        : null;
    },
  };
}

const GRAPH = context({
  'index.html': { entry: true, imports: ['src/main.tsx'] },
  'src/main.tsx': { imports: ['react', 'src/router.tsx', 'ui/panel/index.ts'], dynamicImports: ['src/screen.tsx'] },
  react: {},
  'src/router.tsx': { imports: ['react', 'src/session.ts'] },
  'src/session.ts': {},
  'ui/panel/index.ts': {
    code: "export { applySettings } from './settings';\nexport { Panel } from './panel';",
    imports: ['ui/panel/settings.ts', 'ui/panel/panel.tsx'],
  },
  'ui/panel/settings.ts': {},
  'ui/panel/panel.tsx': { imports: ['dialog'] },
  dialog: {},
  'src/screen.tsx': { imports: ['react', 'src/session.ts', 'table'] },
  table: {},
});

describe('grouping what the entry imports into one file', () => {
  const name = entryStaticGraph();
  const group = (id: string) => name(id, GRAPH);

  it("puts the entry's static imports, however deep, in one file", () => {
    expect(group('react')).toBe('app');
    expect(group('src/router.tsx')).toBe('app');
    // Imported by a lazy screen too: still loaded by every page, so in the entry's file.
    expect(group('src/session.ts')).toBe('app');
  });

  it('leaves the entry and its own script apart (main.tsx awaits screens that import from that file)', () => {
    expect(group('index.html')).toBeNull();
    expect(group('src/main.tsx')).toBeNull();
  });

  it("leaves lazy screens' own modules to the automatic splitting", () => {
    expect(group('src/screen.tsx')).toBeNull();
    expect(group('table')).toBeNull();
  });

  it('does not follow a barrel: what it gathers may be used only by a lazy page', () => {
    expect(group('ui/panel/index.ts')).toBeNull();
    expect(group('ui/panel/panel.tsx')).toBeNull();
    expect(group('dialog')).toBeNull();
  });
});

/** An app with public pages and a signed-in area: router → login (public), shell and screens (lazy). */
const APP = context({
  'index.html': { entry: true, imports: ['src/main.tsx'] },
  'src/main.tsx': { imports: ['src/router.tsx'] },
  'src/router.tsx': {
    imports: ['src/routes.ts'],
    dynamicImports: ['src/login.tsx', 'src/layouts/basic-layout.tsx', 'src/watch.tsx'],
  },
  'src/routes.ts': { dynamicImports: ['src/call-history.tsx'] },
  'src/login.tsx': { imports: ['ui/button.tsx', 'ui/form/index.ts'], dynamicImports: ['src/help.tsx'] },
  'ui/form/index.ts': {
    code: "export { Form } from './form';\nexport { Field } from './field';",
    imports: ['ui/form/form.tsx', 'ui/form/field.tsx'],
  },
  'ui/form/form.tsx': {},
  'ui/form/field.tsx': {},
  'src/help.tsx': { imports: ['ui/dialog.tsx'] },
  'ui/dialog.tsx': {},
  'src/watch.tsx': { imports: ['ui/player.tsx'] },
  'ui/player.tsx': {},
  'src/layouts/basic-layout.tsx': {
    imports: ['src/shell/menu.tsx', 'ui/button.tsx', 'ui/form/field.tsx', 'ui/dialog.tsx', 'ui/player.tsx'],
    dynamicImports: ['src/shell/search.tsx'],
  },
  'src/shell/menu.tsx': { imports: ['ui/menu.tsx'] },
  'ui/menu.tsx': {},
  'src/shell/search.tsx': { imports: ['ui/command.tsx'] },
  'ui/command.tsx': {},
  'src/call-history.tsx': { imports: ['ui/table.tsx', 'src/shell/menu.tsx'] },
  'ui/table.tsx': {},
});

describe("grouping the signed-in shell's modules into one file", () => {
  const name = signedInGroup({ shell: /layouts\/basic-layout\.tsx$/, screens: /routes\.ts$/ });
  const group = (id: string) => name(id, APP);

  it('puts the shell and what only the signed-in area imports in one file', () => {
    expect(group('src/layouts/basic-layout.tsx')).toBe('signed-in');
    expect(group('src/shell/menu.tsx')).toBe('signed-in');
    expect(group('ui/menu.tsx')).toBe('signed-in');
  });

  it('leaves out whatever a public page may load: statically, lazily, through a barrel, or on another public page', () => {
    expect(group('ui/button.tsx')).toBeNull();
    expect(group('ui/form/field.tsx')).toBeNull();
    expect(group('ui/dialog.tsx')).toBeNull();
    expect(group('ui/player.tsx')).toBeNull();
  });

  it("leaves the shell's lazy parts and the screens to the automatic splitting", () => {
    expect(group('src/shell/search.tsx')).toBeNull();
    expect(group('ui/command.tsx')).toBeNull();
    expect(group('src/call-history.tsx')).toBeNull();
    expect(group('ui/table.tsx')).toBeNull();
  });
});

describe('telling a barrel', () => {
  it('knows a file of re-exports from several modules', () => {
    expect(isBarrel("export { a, type B } from './a';\nexport { C } from './c';", 2)).toBe(true);
    expect(isBarrel("export * from './a';\nexport * as B from './b';", 2)).toBe(true);
  });

  it("knows radix-ui's: namespace imports passed on, with comments and 'use client'", () => {
    const code = `"use client";\n// src/index.ts\nimport * as Dialog from "@radix-ui/react-dialog";\nimport * as Tabs from "@radix-ui/react-tabs";\nexport {\n  Dialog,\n  Tabs\n};`;
    expect(isBarrel(code, 2)).toBe(true);
  });

  it('is not fooled by a module with code of its own, or by a single re-export', () => {
    expect(isBarrel("export { a } from './a';\nexport const b = 2;", 2)).toBe(false);
    expect(isBarrel("import { a } from './a';\nexport { a };", 2)).toBe(false);
    expect(isBarrel("export { Button } from './button';", 1)).toBe(false);
    expect(isBarrel(null, 3)).toBe(false);
  });
});
