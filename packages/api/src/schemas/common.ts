import * as z from 'zod/mini';

/** SPEC §9: paged lists start at page 1 with 10 rows a page. */
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
/** The largest page a list endpoint serves. */
export const MAX_PAGE_SIZE = 100;

/** SPEC §5 and §9: the longest e-mail address and url the product accepts. */
export const EMAIL_MAX_LENGTH = 320;
export const URL_MAX_LENGTH = 2048;

/** `current` and `pageSize` as list endpoints take them (query strings arrive as text). */
export const pageQuerySchema = z.object({
  current: z._default(z.coerce.number().check(z.int(), z.minimum(1)), FIRST_PAGE),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: SPEC §3 "paged lists read list and total". */
export function pageSchema<Item extends z.ZodMiniType>(item: Item) {
  return z.object({ list: z.array(item), total: z.int().check(z.minimum(0)) });
}
export type Page<Item> = { list: Item[]; total: number };

/** SPEC §3 "generic results read a field named data". */
export function dataSchema<Data extends z.ZodMiniType>(data: Data) {
  return z.object({ success: z.literal(true), data });
}

/** The answer of a change that has nothing else to say. */
export const okSchema = z.object({ success: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** Ids are UUIDs; a malformed one is refused before it reaches the database. */
export const idSchema = z.uuid({ error: 'The id is not valid.' });
export const idParamsSchema = z.object({ id: idSchema });

/** Moments travel as ISO 8601 text in UTC. */
export const timestampSchema = z.iso.datetime({ offset: true });

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
export type ShowTypeValue = z.infer<typeof showTypeSchema>;

/** The error body of every failing call (ARCHITECTURE §4). `fields` maps a field to its message. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  errorMessage: z.string(),
  showType: showTypeSchema,
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Text a person must type: surrounding blanks are dropped, and blanks alone count as missing. */
export function requiredText(message: string, max = 500) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: `At most ${max} characters.` }));
}

/** An e-mail address, compared in lower case, at most 320 characters (SPEC §9). */
export function emailSchema(messages: { required: string; invalid: string }) {
  return z.pipe(
    z
      .string({ error: messages.required })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, { error: messages.required }),
        z.maxLength(EMAIL_MAX_LENGTH, { error: `An e-mail address has at most ${EMAIL_MAX_LENGTH} characters.` }),
      ),
    z.email({ error: messages.invalid }),
  );
}
