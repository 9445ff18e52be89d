#!/usr/bin/env node
// Fails when the web app's code points the wrong way (ARCHITECTURE §1). Inside apps/web/src the
// tiers are app/ (router, layouts, shell, providers) → features/<area>/ → shared (lib/,
// components/, testing/): a feature imports nothing of another feature or of app/, and shared code
// imports neither a feature nor app/. main.tsx, the entry, stands above app/.
//
// Every module reference counts, tests included: static imports and re-exports (type-only ones
// too), dynamic import(), `typeof import()` types, and the module paths of vi.mock and friends.
// The files are parsed (Vite's parser), so a path in a comment or a string is not an import.
// Usage: node scripts/check-imports.mjs [source folder]   (default: apps/web/src)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';

const SHARED = new Set(['lib', 'components', 'testing']);
const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs']);
/** vitest functions whose first argument is a module path. */
const VI_MODULE_FUNCTIONS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

/**
 * The tier of a path relative to the source folder (forward slashes): `app`, `feature` (with its
 * area), `shared` (with its folder) or `entry` (main.tsx and anything else at the top).
 */
export function tierOf(relativePath) {
  const [first, second] = relativePath.split('/');
  if (first === 'app') {
    return { tier: 'app', name: 'app/' };
  }
  if (first === 'features' && second !== undefined && relativePath.split('/').length > 2) {
    return { tier: 'feature', area: second, name: `features/${second}` };
  }
  if (first !== undefined && SHARED.has(first) && relativePath.includes('/')) {
    return { tier: 'shared', name: `${first}/` };
  }
  return { tier: 'entry', name: relativePath };
}

/** Why `from` may not import `to`, or null when it may. */
function violation(from, to) {
  if (from.tier === 'feature') {
    if (to.tier === 'feature' && to.area !== from.area) {
      return `${from.name} imports another feature (${to.name}): move what both need down to lib/, components/ or testing/`;
    }
    if (to.tier === 'app' || to.tier === 'entry') {
      return `${from.name} imports ${to.name}: a feature never imports app/ (move what it needs down to lib/, components/ or testing/)`;
    }
  }
  if (from.tier === 'shared' && (to.tier === 'feature' || to.tier === 'app' || to.tier === 'entry')) {
    return `shared code (${from.name}) imports ${to.name}: lib/, components/ and testing/ import only each other and packages`;
  }
  return null;
}

/** The string a module-path argument holds: a literal, or a template without expressions. */
function literalPath(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') {
    return node.value;
  }
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0 && node.quasis.length === 1) {
    return node.quasis[0].value.cooked ?? null;
  }
  return null;
}

/** The module path a node refers to (with the node that holds it), or null. */
function moduleReference(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
      return node.source ? { specifier: literalPath(node.source), at: node.source.start } : null;
    case 'ImportExpression':
      return { specifier: literalPath(node.source), at: node.source.start };
    case 'TSImportType':
      // `source` in this parser's tree; `argument` (a literal type) in typescript-estree's.
      return { specifier: literalPath(node.source ?? node.argument?.literal), at: node.start };
    case 'CallExpression': {
      const callee = node.callee;
      const viModule =
        callee?.type === 'MemberExpression' &&
        callee.object?.type === 'Identifier' &&
        callee.object.name === 'vi' &&
        VI_MODULE_FUNCTIONS.has(callee.property?.name);
      const required = callee?.type === 'Identifier' && callee.name === 'require';
      return viModule || required ? { specifier: literalPath(node.arguments[0]), at: node.start } : null;
    }
    default:
      return null;
  }
}

function walk(node, visit) {
  if (Array.isArray(node)) {
    for (const child of node) {
      walk(child, visit);
    }
    return;
  }
  if (node === null || typeof node !== 'object') {
    return;
  }
  if (typeof node.type === 'string') {
    visit(node);
  }
  for (const value of Object.values(node)) {
    if (value !== null && typeof value === 'object') {
      walk(value, visit);
    }
  }
}

/** Every relative module path one file refers to: `{ specifier, line }`, in source order. */
export function findModuleReferences(source, fileName) {
  const parsed = parseSync(fileName, source);
  if (parsed.errors.length > 0) {
    throw new Error(`${fileName}: cannot be parsed: ${parsed.errors[0].message}`);
  }
  const references = [];
  walk(parsed.program, (node) => {
    const reference = moduleReference(node);
    if (reference?.specifier) {
      references.push(reference);
    }
  });
  // Offsets are UTF-16 indexes into the source, as JavaScript strings count.
  return references
    .sort((first, second) => first.at - second.at)
    .map(({ specifier, at }) => ({ specifier, line: source.slice(0, at).split('\n').length }));
}

/** The forbidden imports of one file (path relative to the source folder, forward slashes). */
export function checkFile(relativePath, source) {
  const from = tierOf(relativePath);
  const findings = [];
  for (const { specifier, line } of findModuleReferences(source, relativePath)) {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
      continue; // a package (or a virtual module): not one of our tiers
    }
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(relativePath), specifier));
    if (target.startsWith('../')) {
      continue; // outside the source folder
    }
    const reason = violation(from, tierOf(target));
    if (reason) {
      findings.push({ file: relativePath, line, specifier, message: reason });
    }
  }
  return findings;
}

function* sourceFiles(directory, prefix = '') {
  for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') {
        yield* sourceFiles(path.join(directory, entry.name), relative);
      }
    } else if (EXTENSIONS.has(path.extname(entry.name)) && !entry.name.endsWith('.d.ts')) {
      yield relative;
    }
  }
}

/** Every forbidden import under a source folder. */
export function checkImports(sourceDirectory) {
  const findings = [];
  for (const relative of sourceFiles(sourceDirectory)) {
    findings.push(...checkFile(relative, readFileSync(path.join(sourceDirectory, relative), 'utf8')));
  }
  return findings;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const sourceDirectory = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/src'));
  const shown = path.relative(process.cwd(), sourceDirectory) || '.';
  const findings = checkImports(sourceDirectory);
  for (const finding of findings) {
    console.error(`${path.join(shown, finding.file)}:${finding.line}: '${finding.specifier}': ${finding.message}`);
  }
  if (findings.length > 0) {
    console.error(`${findings.length} import(s) against the direction app/ → features/ → lib/, components/, testing/.`);
    process.exit(1);
  }
  console.info(`Import direction check: ${shown} keeps app/ → features/ → lib/, components/, testing/.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main();
}
