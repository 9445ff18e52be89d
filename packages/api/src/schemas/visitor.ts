import * as z from 'zod/mini';
import { DOMAIN_ORIGIN_MAX_LENGTH } from '../limits';
import { dataSchema } from './common';
import { normalizeOrigin } from './domains';

/** A team's widget key as the embed tag carries it (`data-parley-team`): 32 hexadecimal digits. */
export const WIDGET_KEY_PATTERN = /^[0-9a-f]{32}$/;

export const widgetKeySchema = z.string().check(z.regex(WIDGET_KEY_PATTERN, { error: 'Not a widget key.' }));

/** `GET /api/visitor/widget/:key`: the loader asks, from the host page, whether it may open there. */
export const widgetKeyParamsSchema = z.object({ key: widgetKeySchema });
export const widgetCheckResponseSchema = dataSchema(z.object({ allowed: z.literal(true) }));

/** The host page's origin, as the widget's frame reads it (`location.ancestorOrigins`). */
const hostOriginSchema = z.string().check(
  z.maxLength(DOMAIN_ORIGIN_MAX_LENGTH),
  z.refine((value) => normalizeOrigin(value) === value, { error: 'Not an origin.' }),
);

/** `POST /api/visitor/session`: the widget's frame starts a visitor's session on the host page. */
export const visitorSessionRequestSchema = z.object({ widgetKey: widgetKeySchema, host: hostOriginSchema });
export type VisitorSessionRequest = z.infer<typeof visitorSessionRequestSchema>;

/**
 * What the widget offers, until Manage menu is built: the default menu (ARCHITECTURE §6), a call
 * and a video message.
 */
export const VISITOR_MENU_ITEMS = ['call', 'message'] as const;
export type VisitorMenuItem = (typeof VISITOR_MENU_ITEMS)[number];

export const visitorSessionSchema = z.object({
  teamName: z.string(),
  menu: z.array(z.object({ id: z.enum(VISITOR_MENU_ITEMS) })),
});
export type VisitorSession = z.infer<typeof visitorSessionSchema>;
export const visitorSessionResponseSchema = dataSchema(visitorSessionSchema);
