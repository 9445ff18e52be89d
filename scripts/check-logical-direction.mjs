#!/usr/bin/env node
// Fails on physical-direction styling in our sources, so Parley is right in Arabic and Hebrew
// by construction: Tailwind utilities such as ml-2, pr-4, left-0, text-right, rounded-l,
// border-r, and CSS properties such as margin-left or text-align: right.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PHYSICAL_UTILITY = [
  /^-?(?:m|p|scroll-m|scroll-p)[lr]-/,
  /^-?(?:left|right)-/,
  /^(?:rounded|border)-[lr](?:-|$)/,
  /^rounded-(?:tl|tr|bl|br)(?:-|$)/,
  /^text-(?:left|right)$/,
  /^(?:float|clear)-(?:left|right)$/,
];

const PHYSICAL_CSS =
  /(?:^|[\s;{])(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)|left|right|border-(?:top|bottom)-(?:left|right)-radius)\s*:|text-align\s*:\s*(?:left|right)|float\s*:\s*(?:left|right)/;

const STRING_LITERAL = /(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;

/** The utility with its variants (`hover:`, `md:`, `[&_svg]:`) and important mark removed. */
function bareUtility(token) {
  const withoutVariants = token.split(/:(?![^[]*\])/).pop() ?? token;
  return withoutVariants.replace(/^!/, '').replace(/!$/, '');
}

/** Tailwind utilities are lower case outside arbitrary values; 'pl-PL' is a locale tag. */
function isPhysicalUtility(token) {
  const bare = bareUtility(token);
  if (/[A-Z]/.test(bare.split('[')[0] ?? '')) {
    return false;
  }
  return PHYSICAL_UTILITY.some((pattern) => pattern.test(bare));
}

/** Findings for one source file: `{ line, text }` for each physical utility or property. */
export function findPhysicalDirection(source, fileName) {
  const findings = [];
  const lines = source.split('\n');
  const isCss = fileName.endsWith('.css');
  lines.forEach((line, index) => {
    if (isCss) {
      const code = line.replace(/\/\*.*?\*\//g, '');
      if (PHYSICAL_CSS.test(code)) {
        findings.push({ line: index + 1, text: line.trim() });
      }
      const apply = code.match(/@apply\s+([^;]+)/);
      for (const token of apply?.[1]?.split(/\s+/) ?? []) {
        if (isPhysicalUtility(token)) {
          findings.push({ line: index + 1, text: token });
        }
      }
      return;
    }
    if (/^\s*(?:\/\/|\*)/.test(line)) {
      return;
    }
    for (const match of line.matchAll(STRING_LITERAL)) {
      for (const token of (match[2] ?? '').split(/\s+/)) {
        if (isPhysicalUtility(token)) {
          findings.push({ line: index + 1, text: token });
        }
      }
    }
  });
  return findings;
}

const SOURCE_ROOTS = ['packages', 'apps', '.storybook', 'e2e'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.css', '.mdx']);
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'storybook-static', 'test-results']);

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) {
        yield* sourceFiles(full);
      }
    } else if (EXTENSIONS.has(path.extname(entry.name)) && !/\.test\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let count = 0;
  for (const sourceRoot of SOURCE_ROOTS) {
    const directory = path.join(root, sourceRoot);
    try {
      readdirSync(directory);
    } catch {
      continue;
    }
    for (const file of sourceFiles(directory)) {
      for (const finding of findPhysicalDirection(readFileSync(file, 'utf8'), file)) {
        count += 1;
        console.error(
          `${path.relative(root, file)}:${finding.line}: physical direction '${finding.text}' — use a logical one (ms-/pe-/start-/end-/text-start/rounded-s/border-e)`,
        );
      }
    }
  }
  if (count > 0) {
    console.error(`${count} physical-direction use(s) found.`);
    process.exit(1);
  }
  console.info('Logical direction check: no physical-direction utilities found.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main();
}
