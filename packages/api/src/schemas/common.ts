import { z } from 'zod';

/** SPEC §9: paged lists start at page 1 with 10 rows a page. */
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;

/** `current` and `pageSize` as list endpoints take them (query strings arrive as text). */
export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: SPEC §3 "paged lists read list and total". */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ list: z.array(item), total: z.number().int().min(0) });
}
export type Page<Item> = { list: Item[]; total: number };

/** How the client shows an error (SPEC §4 show-types). */
export const ShowType = {
  silent: 0,
  warning: 1,
  error: 2,
  notification: 3,
  redirect: 9,
} as const;
export const showTypeSchema = z.union([
  z.literal(ShowType.silent),
  z.literal(ShowType.warning),
  z.literal(ShowType.error),
  z.literal(ShowType.notification),
  z.literal(ShowType.redirect),
]);

/** The error body of every failing call (ARCHITECTURE §4). `fields` maps a field to its message. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  errorMessage: z.string(),
  showType: showTypeSchema,
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
