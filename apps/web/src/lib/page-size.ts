import { DEFAULT_PAGE_SIZE } from '@parley/api';

/** The page sizes the lists offer (the pagination's size changer): SPEC §9's 10 by default. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/**
 * The page size an address asks for, when it is one the lists offer; anything else (`7`, `1000`,
 * `ten`) falls back to the default, so the size changer always shows the size the list has.
 */
export function offeredPageSize(value: string | null): number {
  const size = Number(value);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}
