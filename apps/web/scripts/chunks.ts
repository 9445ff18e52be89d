// How the web build groups modules into files (vite.config.ts's codeSplitting), beside the
// automatic splitting: fewer, larger files where that costs no page any bytes.
import type { Rolldown } from 'vite';

type ChunkingContext = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/**
 * One file for everything the entry (src/main.tsx) imports statically. Left to the automatic
 * splitting, the parts of it that some lazy screen imports too became files of their own (some
 * twenty, of 0.3 to 2 KiB), each a round trip on every page; every page loads them all anyway.
 */
export function entryStaticGraph(): (id: string, context: ChunkingContext) => string | null {
  let graph: Set<string> | undefined;
  return (id, context) => {
    if (!graph) {
      const entry = findEntry(context, id);
      graph = staticGraph(context, entry);
      // The entry (index.html) and its own scripts (src/main.tsx) stay apart: main.tsx waits
      // (top-level await) for screens that import from this file, which would then never run.
      for (const own of [entry, ...(context.getModuleInfo(entry as string)?.importedIds ?? [])]) {
        graph.delete(own as string);
      }
    }
    return graph.has(id) ? 'app' : null;
  };
}

/** The build's entry: walking up from any module through whatever imports it. */
export function findEntry(context: ChunkingContext, id: string): string | undefined {
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const moduleId = pending.pop() as string;
    const info = context.getModuleInfo(moduleId);
    if (!info || seen.has(moduleId)) {
      continue;
    }
    if (info.isEntry) {
      return moduleId;
    }
    seen.add(moduleId);
    pending.push(...info.importers, ...info.dynamicImporters);
  }
  return undefined;
}

/** A statement that only passes other modules' exports on (`export … from`, `import * as`, `export {…}`). */
const GATHERING =
  /^(?:export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])[^'"]+\1|import\s*\*\s*as\s+[\w$]+\s+from\s*(['"])[^'"]+\2|export\s*\{[^}]*\}|(['"])use client\3)$/;

/**
 * Whether a module only gathers the exports of several others (a barrel, like a component
 * folder's index.ts or radix-ui's). The module graph says a barrel imports all of them, though
 * the build keeps only the names a page uses.
 */
export function isBarrel(code: string | null, imports: number): boolean {
  if (code === null || imports < 2) {
    return false;
  }
  const statements = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
  return statements.every((statement) => GATHERING.test(statement));
}

/**
 * A module and everything it imports statically, directly or not, short of what barrels gather:
 * the automatic splitting places those by what the pages really use.
 */
export function staticGraph(context: ChunkingContext, root: string | undefined): Set<string> {
  const graph = new Set<string>();
  const pending = root ? [root] : [];
  while (pending.length > 0) {
    const moduleId = pending.pop() as string;
    const info = context.getModuleInfo(moduleId);
    if (!graph.has(moduleId) && info && !isBarrel(info.code, info.importedIds.length)) {
      graph.add(moduleId);
      pending.push(...info.importedIds);
    }
  }
  return graph;
}

/** Where the signed-in area starts: the modules the router loads for it with `import()`. */
export interface SignedInArea {
  /** The layouts and guards every signed-in page loads (its shell). */
  shell: RegExp;
  /** The modules whose `import()`s are the signed-in screens. */
  screens: RegExp;
}

/**
 * One file, `signed-in`, for what the signed-in area's shell (layouts, guard, menus, header)
 * imports and no public page may load; left to the automatic splitting it was some ten small
 * files. Over HTTP/1.1 a browser fetches six files at a time, so on a phone's network every six
 * more cost a round trip.
 *
 * "May load" is taken broadly: whatever the entry and the public pages import, load lazily or
 * reach through a barrel, short of the signed-in shell and screens themselves. A public page never
 * loads this file.
 */
export function signedInGroup(area: SignedInArea): (id: string, context: ChunkingContext) => string | null {
  let group: Set<string> | undefined;
  return (id, context) => {
    group ??= signedInShell(context, findEntry(context, id), area);
    return group.has(id) ? 'signed-in' : null;
  };
}

function signedInShell(context: ChunkingContext, entry: string | undefined, area: SignedInArea): Set<string> {
  const shellRoots = new Set<string>();
  const signedInRoots = new Set<string>();
  for (const moduleId of reachable(context, entry, () => true)) {
    for (const lazy of context.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []) {
      if (area.shell.test(lazy)) {
        shellRoots.add(lazy);
        signedInRoots.add(lazy);
      } else if (area.screens.test(moduleId)) {
        signedInRoots.add(lazy);
      }
    }
  }
  const mayBePublic = reachable(context, entry, (target, lazy) => !(lazy && signedInRoots.has(target)));
  const shell = new Set<string>();
  for (const root of shellRoots) {
    for (const moduleId of staticGraph(context, root)) {
      if (!mayBePublic.has(moduleId)) {
        shell.add(moduleId);
      }
    }
  }
  return shell;
}

/** Every module reachable from `root` through imports, static or lazy, that `follow` accepts. */
function reachable(
  context: ChunkingContext,
  root: string | undefined,
  follow: (target: string, lazy: boolean) => boolean,
): Set<string> {
  const seen = new Set<string>();
  const pending = root ? [root] : [];
  while (pending.length > 0) {
    const moduleId = pending.pop() as string;
    const info = context.getModuleInfo(moduleId);
    if (!seen.has(moduleId) && info) {
      seen.add(moduleId);
      pending.push(
        ...info.importedIds.filter((target) => follow(target, false)),
        ...info.dynamicallyImportedIds.filter((target) => follow(target, true)),
      );
    }
  }
  return seen;
}
