import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { findPhysicalDirection } from './check-logical-direction.mjs';

type Finding = { line: number; text: string };
const find = (source: string, file = 'x.tsx'): string[] =>
  (findPhysicalDirection(source, file) as Finding[]).map((finding) => finding.text);

describe('check-logical-direction', () => {
  it('flags physical margin, padding, inset, text-align, radius and border utilities', () => {
    const source = `<div className="ml-2 pr-4 left-0 -right-1 text-left rounded-l-md border-r hover:mr-1 md:pl-[3px]" />`;
    expect(find(source)).toEqual([
      'ml-2',
      'pr-4',
      'left-0',
      '-right-1',
      'text-left',
      'rounded-l-md',
      'border-r',
      'hover:mr-1',
      'md:pl-[3px]',
    ]);
  });

  it('flags utilities inside cva and cn strings', () => {
    expect(find(`const v = cva('flex', { variants: { a: { x: 'rounded-tr-lg' } } });`)).toEqual(['rounded-tr-lg']);
  });

  it('accepts logical utilities and words that only look alike', () => {
    const source = `cn('ms-2 pe-4 start-0 end-1 text-start rounded-s-md border-e rtl:rotate-180 px-2 mx-auto', side === 'left', 'primary pretty', 'pl-PL')`;
    expect(find(source)).toEqual([]);
  });

  it('flags physical CSS properties but not logical ones', () => {
    const css = [
      '.a { margin-left: 4px; }',
      '.b { margin-inline-start: 4px; }',
      '.c { text-align: right; }',
      '.d { @apply pl-2 ps-2; }',
    ].join('\n');
    expect(find(css, 'x.css')).toEqual(['.a { margin-left: 4px; }', '.c { text-align: right; }', 'pl-2']);
  });
});
