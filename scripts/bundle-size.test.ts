import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { checkBudgets, formatTable, gzipSize, summarise } from './bundle-size.mjs';

type Row = { name: string; totalKiB: number; over: boolean };

describe('bundle-size', () => {
  it('measures gzip at level 9', () => {
    const bytes = Buffer.from('const answer = 42;\n'.repeat(500));
    expect(gzipSize(bytes)).toBe(gzipSync(bytes, { level: 9 }).length);
    expect(gzipSize(bytes)).toBeLessThan(bytes.length / 10);
  });

  it('sums JS and CSS apart, as sent and raw, and counts what came uncompressed', () => {
    const totals = summarise([
      { file: '/assets/a.js', kind: 'js', raw: 3000, sent: 1000, encoding: 'br' },
      { file: '/assets/b.js', kind: 'js', raw: 600, sent: 600, encoding: 'identity' },
      { file: '/assets/c.css', kind: 'css', raw: 900, sent: 300, encoding: 'br' },
    ]);
    expect(totals).toEqual({ js: 1600, css: 300, jsRaw: 3600, cssRaw: 900, files: 3, uncompressed: 1 });
  });

  it('flags a page whose JS and CSS together exceed its budget, and only that one', () => {
    const pages = [
      { name: 'login', path: '/user/login', budgetKiB: 110 },
      { name: 'landing', path: '/', budgetKiB: 200 },
    ];
    const rows = checkBudgets(pages, {
      login: { js: 100 * 1024, css: 20 * 1024, files: 5 },
      landing: { js: 150 * 1024, css: 20 * 1024, files: 4 },
    }) as Row[];
    expect(rows.map(({ name, totalKiB, over }) => ({ name, totalKiB, over }))).toEqual([
      { name: 'login', totalKiB: 120, over: true },
      { name: 'landing', totalKiB: 170, over: false },
    ]);
  });

  it('prints a table naming what is over and by how much', () => {
    const table = formatTable([
      {
        name: 'login',
        path: '/user/login',
        files: 5,
        jsKiB: 100,
        cssKiB: 20,
        totalKiB: 120,
        budgetKiB: 110,
        over: true,
      },
      { name: 'landing', path: '/', files: 4, jsKiB: 150, cssKiB: 20, totalKiB: 170, budgetKiB: 200, over: false },
    ]) as string;
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^page\s+path\s+files\s+JS sent\s+CSS sent\s+total\s+budget$/);
    expect(lines[2]).toContain('OVER by 10.0 KiB');
    expect(lines[3]).toMatch(/170\.0 KiB\s+200\.0 KiB\s+ok$/);
  });
});
