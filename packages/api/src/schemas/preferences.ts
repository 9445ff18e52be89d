import * as z from 'zod/mini';
import { messageIds } from '../messages';
import { dataSchema, timestampSchema } from './common';

export const THEMES = ['light', 'dark', 'system'] as const;
/** How every table writes dates: the language's own way, ISO 8601, day/month/year or month/day/year. */
export const DATE_FORMATS = ['locale', 'iso', 'dmy', 'mdy'] as const;
export const RING_SOUNDS = ['classic', 'chime', 'pulse', 'none'] as const;
/** The page sizes the lists offer. */
export const PREFERENCE_PAGE_SIZES = [10, 20, 50, 100] as const;

/** True for a time zone this runtime knows (IANA names such as Europe/Berlin, and UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A member's preferences as `GET /api/preferences` answers them (the defaults before any change). */
export const preferencesSchema = z.object({
  /** A BCP 47 tag; null: the browser's language. */
  language: z.nullable(z.string()),
  theme: z.enum(THEMES),
  /** An IANA time zone; null: the browser's. */
  timeZone: z.nullable(z.string()),
  dateFormat: z.enum(DATE_FORMATS),
  pageSize: z.int(),
  ringSound: z.enum(RING_SOUNDS),
  /** 0 to 100. */
  ringVolume: z.int(),
  desktopNotifications: z.boolean(),
  /** Null before the member changed anything. */
  updatedAt: z.nullable(timestampSchema),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesResponseSchema = /* @__PURE__ */ dataSchema(preferencesSchema);

/** The defaults: what a member who changed nothing has. */
export const DEFAULT_PREFERENCES: Preferences = {
  language: null,
  theme: 'system',
  timeZone: null,
  dateFormat: 'locale',
  pageSize: 10,
  ringSound: 'classic',
  ringVolume: 80,
  desktopNotifications: false,
  updatedAt: null,
};

const invalid = { error: messageIds.valueInvalid };

/**
 * `PATCH /api/preferences`: any of the preferences; those left out stay as they are. Values come
 * from the screen's own choices, so a refusal says only 'This value is not valid.'
 */
export const updatePreferencesRequestSchema = /* @__PURE__ */ z
  .object({
    language: z.optional(
      z.nullable(
        z.string(invalid).check(z.maxLength(35, invalid), z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, invalid)),
      ),
    ),
    theme: z.optional(z.enum(THEMES, invalid)),
    timeZone: z.optional(
      z.nullable(
        z.string(invalid).check(
          z.maxLength(64, invalid),
          z.refine((value) => isTimeZone(value), invalid),
        ),
      ),
    ),
    dateFormat: z.optional(z.enum(DATE_FORMATS, invalid)),
    pageSize: z.optional(z.literal(PREFERENCE_PAGE_SIZES, invalid)),
    ringSound: z.optional(z.enum(RING_SOUNDS, invalid)),
    ringVolume: z.optional(z.int(invalid).check(z.minimum(0, invalid), z.maximum(100, invalid))),
    desktopNotifications: z.optional(z.boolean(invalid)),
  })
  .check(z.refine((value) => Object.keys(value).length > 0, { error: messageIds.nothingToChange }));
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequestSchema>;
