#!/usr/bin/env node
// Adds or updates catalogue keys safely while several people edit catalogues at once.
// Usage: node scripts/i18n-add.mjs <key> <en-US text> [<locale> <text>]...
// Example: node scripts/i18n-add.mjs ui.table.empty "No data" ar-EG "لا توجد بيانات"
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeInterfaceCoverage } from './i18n-coverage.mjs';

const catalogs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/src/catalogs');
const [key, english, ...rest] = process.argv.slice(2);
if (!key || english === undefined || rest.length % 2 !== 0) {
  console.error('Usage: node scripts/i18n-add.mjs <key> <en-US text> [<locale> <text>]...');
  process.exit(2);
}
const texts = { 'en-US': english };
for (let index = 0; index < rest.length; index += 2) {
  texts[rest[index]] = rest[index + 1];
}

const lock = path.join(catalogs, '.lock');
const deadline = Date.now() + 10_000;
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (Date.now() > deadline) {
      console.error(`Catalogue lock ${lock} is stuck; remove it if no one is writing.`);
      process.exit(1);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  for (const [locale, text] of Object.entries(texts)) {
    const file = path.join(catalogs, `${locale}.json`);
    let catalog = {};
    try {
      catalog = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      catalog = {};
    }
    catalog[key] = text;
    writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`);
  }
  writeInterfaceCoverage();
} finally {
  rmdirSync(lock);
}
console.info(`${key}: ${Object.keys(texts).join(', ')}`);
