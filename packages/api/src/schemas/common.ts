import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';

/** SPEC §9: paged lists start at page 1 with 10 rows a page. */
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
/** The largest page a list endpoint serves. */
export const MAX_PAGE_SIZE = 100;

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
export function idSchemaWith(messages: MessagesFor<'idInvalid'>) {
  return z.uuid({ error: messages.idInvalid });
}
export const idSchema = /* @__PURE__ */ idSchemaWith(messageIds);
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

/**
 * The error body of every failing call (ARCHITECTURE §4). `errorCode` is one of `ERROR_CODES`;
 * `fields` maps a field to its message in English, and `fieldCodes` the same fields to the
 * message's id (`englishMessages`) where the rule has one, for a client to word in its language.
 * Both stay plain strings here, so a client reads the body of a newer server too.
 */
export const errorBodySchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  errorMessage: z.string(),
  showType: showTypeSchema,
  fields: z.optional(z.record(z.string(), z.string())),
  fieldCodes: z.optional(z.record(z.string(), z.string())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Text a person must type: surrounding blanks are dropped, and blanks alone count as missing. */
export function requiredText(messages: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: messages.required })
    .check(z.trim(), z.minLength(1, { error: messages.required }), z.maxLength(max, { error: messages.tooLong }));
}

/** An e-mail address, compared in lower case, at most 320 characters (SPEC §9). */
/** The messages of an e-mail address's rules. */
export type EmailMessages = MessagesFor<'emailRequired' | 'emailTooLong' | 'emailInvalid'>;

export function emailSchemaWith(messages: EmailMessages) {
  return z.pipe(
    z
      .string({ error: messages.emailRequired })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, { error: messages.emailRequired }),
        z.maxLength(EMAIL_MAX_LENGTH, { error: messages.emailTooLong }),
      ),
    z.email({ error: messages.emailInvalid }),
  );
}
