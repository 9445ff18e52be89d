import * as z from 'zod/mini';
import { DOMAIN_ORIGIN_MAX_LENGTH } from '../limits';
import { type MessagesFor, messageIds } from '../messages';
import { dataSchema, idSchema, pageSchema, timestampSchema } from './common';

/**
 * An origin as a browser sends it in `Origin` and as `frame-ancestors` takes it: `http` or
 * `https`, a host, an optional port, and nothing else (no user, path, query or fragment). Answers
 * it as browsers write it (lower case, no default port, a punycode host), or null.
 */
export function normalizeOrigin(text: string): string | null {
  const value = text.trim();
  // Only what URL would read as scheme://host[:port] with at most a trailing slash.
  if (!/^https?:\/\/[^/?#@\s\\]+\/?$/i.test(value)) {
    return null;
  }
  try {
    const url = new URL(value);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || !url.hostname) {
      return null;
    }
    // Letters, digits and hyphens in dot-separated labels (punycode for others), or an IP address:
    // no wildcard, no empty label, no dot at the end.
    if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname)) {
      return null;
    }
    return url.origin;
  } catch {
    return null;
  }
}

export type OriginMessages = MessagesFor<'originRequired' | 'originTooLong' | 'originInvalid'>;

/** An origin as a person types it: trimmed, then normalized; anything else is refused with the rule's message. */
export function originSchemaWith(messages: OriginMessages) {
  return z.pipe(
    z.string({ error: messages.originRequired }).check(
      z.trim(),
      z.minLength(1, { error: messages.originRequired }),
      z.maxLength(DOMAIN_ORIGIN_MAX_LENGTH, { error: messages.originTooLong }),
      z.refine((value) => normalizeOrigin(value) !== null, { error: messages.originInvalid }),
    ),
    z.transform((value) => normalizeOrigin(value) as string),
  );
}

/** `POST /api/domains`: one origin to allow. */
export function addDomainSchemaWith(messages: OriginMessages) {
  return z.object({ origin: originSchemaWith(messages) });
}
export const addDomainSchema = /* @__PURE__ */ addDomainSchemaWith(messageIds);
export type AddDomain = z.input<typeof addDomainSchema>;

/** An origin where the team's visitor widget may run. */
export const domainSchema = z.object({
  id: idSchema,
  origin: z.string(),
  /** Who added it, as named then (null when that member's row is gone). */
  addedBy: z.nullable(z.string()),
  createdAt: timestampSchema,
});
export type Domain = z.infer<typeof domainSchema>;

/** `GET /api/domains`: every allowed origin, oldest first (a team has at most MAX_DOMAINS). */
export const domainListSchema = pageSchema(domainSchema);
export type DomainList = z.infer<typeof domainListSchema>;
export const domainResponseSchema = dataSchema(domainSchema);

/** The key the embed tag names the team by (`data-parley-team`). */
export const widgetSettingsSchema = z.object({ widgetKey: z.string() });
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;
export const widgetSettingsResponseSchema = dataSchema(widgetSettingsSchema);
