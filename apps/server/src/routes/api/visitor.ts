import {
  callMediaCompleteResponseSchema,
  callMediaParamsSchema,
  callMediaRequestSchema,
  callMediaUploadResponseSchema,
  ERROR_CODES,
  errorBodySchema,
  iceServersResponseSchema,
  idParamsSchema,
  startVisitorCallRequestSchema,
  startVisitorCallResponseSchema,
  type UploadPartUrl,
  uploadPartsRequestSchema,
  uploadPartsResponseSchema,
  VISITOR_MENU_ITEMS,
  visitorCallResponseSchema,
  visitorSessionRequestSchema,
  visitorSessionResponseSchema,
  widgetCheckResponseSchema,
  widgetKeyParamsSchema,
} from '@parley/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { findWidgetTeam } from '../../repositories/domains';
import type { OpenedMedia } from '../../services/call-media';
import { iceServersFor } from '../../services/ice';
import { limits } from '../../services/rate-limits';
import { createVisitorMessages } from '../../services/visitor-messages';

/** Said when a key names no team (never made, or renewed since). */
export const UNKNOWN_WIDGET_KEY = 'This widget key names no team: copy the embed tag from Domain management again.';

/** Said when the page's origin is not on the team's list. */
export const originRefused = (origin: string) =>
  `Parley's widget may not run on ${origin}: a team admin can allow it under Domain management.`;

/** Parley's own origin as this request reached it: the widget's frame, and the preview page, are on it. */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether the widget may run on a page of `origin`: one of the team's origins, or Parley's own
 * (`/widget-preview`, where members try the widget before any site embeds it).
 */
export function widgetAllowedOn(origin: string, team: { origins: readonly string[] }, own: string): boolean {
  return origin === own || team.origins.includes(origin);
}

const byAddress = (request: FastifyRequest) => request.ip;

/** What a request from the widget's frame may be refused with: bad input, a page not allowed, no such key, too many. */
const frameErrors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};
const byWidgetKey = (request: FastifyRequest) => {
  const params = request.params as { key?: unknown } | undefined;
  const body = request.body as { widgetKey?: unknown } | undefined;
  const key = params?.key ?? body?.widgetKey;
  return typeof key === 'string' ? key : undefined;
};

/**
 * What the visitor widget (apps/widget) asks, with no member's token. The server, not the widget,
 * decides where the widget runs (issue 16): the loader asks from the host page (the browser names
 * that page's origin in `Origin`), and the frame asks again when it starts the visitor's session
 * (from Parley's own origin, naming the page that framed it, which `frame-ancestors` pinned).
 */
const visitorRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The team of a request from the widget's frame: sent from Parley's own origin (`Origin`), for a
   * page (`host`) on the team's list, or Parley's own.
   */
  const frameTeam = async (request: FastifyRequest, body: { widgetKey: string; host: string }) => {
    const own = ownOrigin(request);
    if (request.headers.origin !== own) {
      throw new AppError(403, ERROR_CODES.forbidden, "Only the widget's own frame can start a visitor's session.");
    }
    const team = await findWidgetTeam(app.db, body.widgetKey);
    if (!team) {
      throw notFound(UNKNOWN_WIDGET_KEY);
    }
    if (!widgetAllowedOn(body.host, team, own)) {
      throw new AppError(403, ERROR_CODES.forbidden, originRefused(body.host));
    }
    return team;
  };

  /** A cross-origin read by the host page: its own origin may read the answer, refusals included. */
  const allowReadBy = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header('access-control-allow-origin', origin);
    }
    reply.header('vary', 'Origin');
  };

  app.get(
    '/visitor/widget/:key',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether the widget may open on the calling page',
        description:
          "Asked by widget.js from the host page, whose origin the browser sends in `Origin`. 200 when the origin is one of the team's (Domain management) or Parley's own; 403 otherwise; 404 when the key names no team. Readable by the calling page (CORS). Sixty an address per minute.",
        tags: ['visitor'],
        security: [],
        params: widgetKeyParamsSchema,
        response: {
          200: widgetCheckResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      onRequest: async (request, reply) => allowReadBy(request, reply),
      preHandler: limits(app, [
        { name: 'widget-check-ip', max: 60, windowSeconds: 60, key: byAddress },
        { name: 'widget-check-key', max: 3000, windowSeconds: 60, key: byWidgetKey },
      ]),
    },
    async (request) => {
      const team = await findWidgetTeam(app.db, request.params.key);
      if (!team) {
        throw notFound(UNKNOWN_WIDGET_KEY);
      }
      // A browser names the page's origin on a cross-origin read; on a same-origin GET (the preview
      // page) it sends no Origin, and says where the request comes from in Sec-Fetch-Site instead.
      const origin =
        request.headers.origin ??
        (request.headers['sec-fetch-site'] === 'same-origin' ? ownOrigin(request) : undefined);
      if (!origin || !widgetAllowedOn(origin, team, ownOrigin(request))) {
        throw new AppError(403, ERROR_CODES.forbidden, originRefused(origin ?? 'this page'));
      }
      return { success: true as const, data: { allowed: true as const } };
    },
  );

  // A page whose browser adds a header of its own (an extension, a test's X-Forwarded-For) asks first.
  app.options(
    '/visitor/widget/:key',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      allowReadBy(request, reply);
      const asked = request.headers['access-control-request-headers'];
      return reply
        .header('access-control-allow-methods', 'GET')
        .header('access-control-allow-headers', typeof asked === 'string' ? asked : '')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    },
  );

  app.post(
    '/visitor/session',
    {
      config: { access: 'public' },
      schema: {
        summary: "Start a visitor's session in the widget",
        description:
          "Sent by the widget's frame, from Parley's own origin (`Origin`), naming the page that framed it (`host`). 403 unless `host` is one of the team's origins or Parley's own; 404 when the key names no team. Answers the team's name and menu. Thirty an address per ten minutes.",
        tags: ['visitor'],
        security: [],
        body: visitorSessionRequestSchema,
        response: { 200: visitorSessionResponseSchema, ...frameErrors },
      },
      preHandler: limits(app, [
        { name: 'visitor-session-ip', max: 30, windowSeconds: 600, key: byAddress },
        { name: 'visitor-session-key', max: 3000, windowSeconds: 600, key: byWidgetKey },
      ]),
    },
    async (request) => {
      const team = await frameTeam(request, request.body);
      return {
        success: true as const,
        data: { teamName: team.name, menu: VISITOR_MENU_ITEMS.map((id) => ({ id })) },
      };
    },
  );

  app.post(
    '/visitor/calls',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A visitor calls the team',
        description:
          "Sent by the widget's frame, checked as `POST /api/visitor/session` is. Name, e-mail and phone are optional. The call rings every available member of the team; with none available it is missed at once (`state: missed`). Answers the visitor's call and a token for this call only (the socket, hanging up), good for four hours. Ten an address per ten minutes.",
        tags: ['visitor'],
        security: [],
        body: startVisitorCallRequestSchema,
        response: { 200: startVisitorCallResponseSchema, ...frameErrors },
      },
      preHandler: limits(app, [
        { name: 'visitor-call-ip', max: 10, windowSeconds: 600, key: byAddress },
        { name: 'visitor-call-key', max: 600, windowSeconds: 60, key: byWidgetKey },
      ]),
    },
    async (request) => {
      const team = await frameTeam(request, request.body);
      const { menuItem, name, email, phone } = request.body;
      const { visitor } = await app.liveCalls.start(team.id, { menuItem, name, email, phone });
      const token = await app.sessions.issueVisitor({ callId: visitor.id, teamId: team.id });
      return { success: true as const, data: { call: visitor, token } };
    },
  );

  /** The call of a request with a visitor's token (`Authorization: Bearer`): 401 without one, 403 for another call's. */
  const visitorOf = async (request: FastifyRequest, callId: string) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const visitor = token ? await app.sessions.verifyVisitor(token) : null;
    if (!visitor) {
      throw unauthorized("This call's token is missing or no longer valid.");
    }
    if (visitor.callId !== callId) {
      throw forbidden('This token is for another call.');
    }
    return visitor;
  };

  app.get(
    '/visitor/calls/:id/ice-servers',
    {
      config: { access: 'public' },
      schema: {
        summary: "The ICE servers for the visitor's call",
        description:
          'With the token `POST /api/visitor/calls` gave for this call (`Authorization: Bearer`): as `GET /api/ice-servers`, the TURN credentials made for this call. 401 without a valid token; 403 with the token of another call.',
        tags: ['visitor'],
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: {
          200: iceServersResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
      preHandler: limits(app, [{ name: 'visitor-ice-ip', max: 60, windowSeconds: 60, key: byAddress }]),
    },
    async (request) => {
      const visitor = await visitorOf(request, request.params.id);
      return {
        success: true as const,
        data: {
          iceServers: iceServersFor(app.config.ice, `visitor-${visitor.callId}`),
          ttlSeconds: app.config.ice.turn?.ttlSeconds ?? 0,
        },
      };
    },
  );

  app.post(
    '/visitor/calls/:id/hang-up',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The visitor hangs up',
        description:
          'With the token `POST /api/visitor/calls` gave for this call (`Authorization: Bearer`). A ringing call is missed (the visitor gave up), a connected one ends. 401 without a valid token; 403 with the token of another call.',
        tags: ['visitor'],
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: {
          200: visitorCallResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      preHandler: limits(app, [{ name: 'visitor-hang-up-ip', max: 60, windowSeconds: 60, key: byAddress }]),
    },
    async (request) => {
      const visitor = await visitorOf(request, request.params.id);
      return { success: true as const, data: await app.liveCalls.visitorHangUp(visitor.callId, visitor.teamId) };
    },
  );

  /** What a visitor's recording routes may answer besides their own. */
  const mediaErrors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    429: errorBodySchema,
  };
  const partsLimit = limits(app, [{ name: 'visitor-media-parts-ip', max: 120, windowSeconds: 60, key: byAddress }]);

  /**
   * The three routes of something the visitor sends while they record it, in parts every few
   * seconds (their side of the call, or a video message): open it, the next parts' addresses, and
   * close it. Each with the call's token.
   */
  function recordedUpload(options: {
    path: 'media' | 'message';
    open: { summary: string; description: string };
    complete: { summary: string; description: string };
    openLimit: ReturnType<typeof limits>;
    service: {
      open(teamId: string, callId: string, contentType: string): Promise<OpenedMedia>;
      presignParts(teamId: string, callId: string, mediaId: string, partNumbers: number[]): Promise<UploadPartUrl[]>;
      complete(teamId: string, callId: string, mediaId: string): Promise<number>;
    };
    /** What `complete` may answer besides the usual refusals. */
    completeErrors?: Record<number, typeof errorBodySchema>;
  }) {
    const { path, service } = options;
    app.post(
      `/visitor/calls/:id/${path}`,
      {
        config: { access: 'public' },
        schema: {
          ...options.open,
          tags: ['visitor'],
          security: [{ bearer: [] }],
          params: idParamsSchema,
          body: callMediaRequestSchema,
          response: { 201: callMediaUploadResponseSchema, ...mediaErrors },
        },
        preHandler: options.openLimit,
      },
      async (request, reply) => {
        const visitor = await visitorOf(request, request.params.id);
        const opened = await service.open(visitor.teamId, visitor.callId, request.body.contentType);
        return reply.code(201).send({ success: true as const, data: opened });
      },
    );

    app.post(
      `/visitor/calls/:id/${path}/:mediaId/parts`,
      {
        config: { access: 'public' },
        schema: {
          summary: 'Pre-signed PUT addresses for the next parts (15 minutes)',
          tags: ['visitor'],
          security: [{ bearer: [] }],
          params: callMediaParamsSchema,
          body: uploadPartsRequestSchema,
          response: { 200: uploadPartsResponseSchema, ...mediaErrors },
        },
        preHandler: partsLimit,
      },
      async (request) => {
        const visitor = await visitorOf(request, request.params.id);
        const { mediaId } = request.params;
        const parts = await service.presignParts(visitor.teamId, visitor.callId, mediaId, request.body.partNumbers);
        return { success: true as const, data: { parts } };
      },
    );

    app.post(
      `/visitor/calls/:id/${path}/:mediaId/complete`,
      {
        config: { access: 'public' },
        schema: {
          ...options.complete,
          tags: ['visitor'],
          security: [{ bearer: [] }],
          params: callMediaParamsSchema,
          response: { 200: callMediaCompleteResponseSchema, ...mediaErrors, ...options.completeErrors },
        },
        preHandler: options.openLimit,
      },
      async (request) => {
        const visitor = await visitorOf(request, request.params.id);
        const { mediaId } = request.params;
        const bytes = await service.complete(visitor.teamId, visitor.callId, mediaId);
        return { success: true as const, data: { id: mediaId, bytes } };
      },
    );
  }

  const visitorSide = { source: 'caller' as const };
  recordedUpload({
    path: 'media',
    open: {
      summary: "Start sending the visitor's side of the call, while it runs",
      description:
        "With the call's token (`Authorization: Bearer`), while the call is connected: as `POST /api/calls/:id/media` for the member, the visitor records their own camera and microphone and sends it in parts. 409 `CALL_OVER` once the call is not connected.",
    },
    complete: {
      summary: "Close the visitor's side of the call: the parts that arrived become its file",
      description: 'Only the parts from 1 on without a gap count; with none, the recording is dropped (`bytes` 0).',
    },
    openLimit: limits(app, [{ name: 'visitor-media-ip', max: 30, windowSeconds: 60, key: byAddress }]),
    service: {
      open: (teamId, callId, contentType) => app.callMedia.open(teamId, callId, visitorSide, contentType),
      presignParts: (teamId, callId, mediaId, partNumbers) =>
        app.callMedia.presignParts(teamId, callId, mediaId, visitorSide, partNumbers),
      complete: (teamId, callId, mediaId) => app.callMedia.finish(teamId, callId, mediaId, visitorSide),
    },
  });

  const messages = createVisitorMessages({ db: () => app.db, videoService: app.videos, liveCalls: app.liveCalls });
  const messageLimit = limits(app, [{ name: 'visitor-message-ip', max: 20, windowSeconds: 600, key: byAddress }]);
  recordedUpload({
    path: 'message',
    open: {
      summary: 'After a call nobody answered, start sending a video message as it is recorded',
      description:
        "With the call's token (`Authorization: Bearer`). The parts go as with `…/media` (each a few seconds), then `…/complete` sends the message: it shows under Messages. 409 `CALL_OVER` for a call that was answered or still rings; 409 `CONFLICT` once a message was left.",
    },
    complete: {
      summary: 'Send the video message: the parts that arrived are joined, and the team is told',
      description:
        'Only the parts from 1 on without a gap count; 409 `UPLOAD_INCOMPLETE` when none arrived. The call then shows under Messages, and every active member gets a notice.',
    },
    openLimit: messageLimit,
    service: { open: messages.open, presignParts: messages.presignParts, complete: messages.send },
    completeErrors: { 413: errorBodySchema, 415: errorBodySchema },
  });

  app.delete(
    '/visitor/calls/:id/message/:mediaId',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Throw the video message away (to record again)',
        tags: ['visitor'],
        security: [{ bearer: [] }],
        params: callMediaParamsSchema,
        response: { 204: z.null().describe('Thrown away'), ...mediaErrors },
      },
      preHandler: messageLimit,
    },
    async (request, reply) => {
      const visitor = await visitorOf(request, request.params.id);
      await messages.cancel(visitor.teamId, visitor.callId, request.params.mediaId);
      return reply.code(204).send(null);
    },
  );
};

export default visitorRoutes;
