#!/usr/bin/env node
// Writes packages/i18n/src/interface-coverage.ts: how much of the interface (the ui., validation.
// and web. keys of en-US) each catalogue translates, in whole percent, for the language picker.
// i18n-add.mjs runs it after each change; coverage.test.ts fails when the file is out of date.
// Usage: node scripts/i18n-coverage.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/src');
const INTERFACE_KEY = /^(ui|validation|web)\./;

/** Whole percent of the interface keys of en-US each catalogue holds, by locale. */
export function interfaceCoverage() {
  const read = (name) => JSON.parse(readFileSync(path.join(source, 'catalogs', name), 'utf8'));
  const keys = Object.keys(read('en-US.json')).filter((key) => INTERFACE_KEY.test(key));
  const coverage = {};
  for (const name of readdirSync(path.join(source, 'catalogs'))
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const catalog = read(name);
    const translated = keys.filter((key) => typeof catalog[key] === 'string' && catalog[key] !== '').length;
    coverage[name.slice(0, -'.json'.length)] = Math.floor((translated * 100) / keys.length);
  }
  return coverage;
}

export function writeInterfaceCoverage() {
  const entries = Object.entries(interfaceCoverage())
    .map(([locale, percent]) => `  '${locale}': ${percent},`)
    .join('\n');
  writeFileSync(
    path.join(source, 'interface-coverage.ts'),
    `// Written by scripts/i18n-coverage.mjs (i18n-add.mjs runs it); coverage.test.ts checks it is current.
/**
 * How much of the interface each catalogue translates, in whole percent (rounded down); a locale
 * without a catalogue translates nothing. The language picker shows it beside each language.
 */
export const INTERFACE_COVERAGE: Readonly<Record<string, number>> = {
${entries}
};
`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeInterfaceCoverage();
}
