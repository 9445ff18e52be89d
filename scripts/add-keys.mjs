#!/usr/bin/env node
// Merges messages into a catalogue: `node scripts/add-keys.mjs en-US new-keys.json`.
// Existing keys are replaced in place, new ones appended; the file stays two-space JSON.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [locale, source] = process.argv.slice(2);
if (!locale || !source) {
  console.error('usage: node scripts/add-keys.mjs <locale> <file.json>');
  process.exit(1);
}
const file = path.resolve('packages/i18n/src/catalogs', `${locale}.json`);
const catalog = JSON.parse(readFileSync(file, 'utf8'));
const additions = JSON.parse(readFileSync(source, 'utf8'));
Object.assign(catalog, additions);
const temporary = `${file}.${process.pid}.tmp`;
writeFileSync(temporary, `${JSON.stringify(catalog, null, 2)}\n`);
renameSync(temporary, file);
process.stdout.write(
  `${locale}: ${Object.keys(additions).length} messages merged, ${Object.keys(catalog).length} in all\n`,
);
