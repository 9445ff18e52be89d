import {
  earlierCallsResponseSchema,
  errorBodySchema,
  iceServersResponseSchema,
  idParamsSchema,
  liveCallListResponseSchema,
  liveCallResponseSchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { iceServersFor } from '../../services/ice';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * Calls as they happen (issue 16): the ringing and connected calls, and a member's answer to one.
 * Every change reaches the team's open tabs and the visitor over `/ws` (`live`).
 */
const liveCallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calls/live',
    {
      schema: {
        summary: "The team's ringing and connected calls",
        description:
          'Oldest first, with the ids of those the asking member declined (they no longer ring for them). A tab opened while a call rings shows it from here; later changes come over `/ws`.',
        tags: ['live calls'],
        response: { 200: liveCallListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { teamId, userId } = principalOf(request);
      return { success: true as const, data: await app.liveCalls.list(teamId, userId) };
    },
  );

  app.post(
    '/calls/:id/answer',
    {
      schema: {
        summary: 'Answer a ringing call',
        description:
          'The first member to answer takes the call (one conditional update, whichever server each answer reaches). 409 `CALL_TAKEN` names the member who answered first; 409 `CALL_OVER` when the caller hung up or the call was missed.',
        tags: ['live calls'],
        params: idParamsSchema,
        response: { 200: liveCallResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId, userId } = principalOf(request);
      return { success: true as const, data: await app.liveCalls.answer(teamId, request.params.id, userId) };
    },
  );

  app.post(
    '/calls/:id/decline',
    {
      schema: {
        summary: 'Decline a ringing call',
        description:
          "The call stops ringing for this member (all their tabs); the others' go on. When no available member is left to hear it, the call is missed at once.",
        tags: ['live calls'],
        params: idParamsSchema,
        response: { 200: liveCallResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId, userId } = principalOf(request);
      return { success: true as const, data: await app.liveCalls.decline(teamId, request.params.id, userId) };
    },
  );

  app.post(
    '/calls/:id/hang-up',
    {
      schema: {
        summary: 'End a call you took',
        description:
          'Only the member who answered can end the call; its duration is counted from the answer. An ended call answers as it is.',
        tags: ['live calls'],
        params: idParamsSchema,
        response: { 200: liveCallResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId, userId } = principalOf(request);
      return { success: true as const, data: await app.liveCalls.hangUp(teamId, request.params.id, userId) };
    },
  );

  app.get(
    '/calls/:id/earlier',
    {
      schema: {
        summary: "The caller's earlier calls",
        description:
          "The same caller's latest earlier calls in the team (at most five, newest first), matched by e-mail or phone; none when the caller gave neither. For the member taking the call.",
        tags: ['live calls'],
        params: idParamsSchema,
        response: { 200: earlierCallsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const earlier = await app.liveCalls.earlier(principalOf(request).teamId, request.params.id);
      if (!earlier) {
        throw notFound();
      }
      return { success: true as const, data: earlier };
    },
  );

  app.get(
    '/ice-servers',
    {
      schema: {
        summary: "The ICE servers for the member's calls",
        description:
          'STUN and TURN servers for WebRTC: ICE_SERVERS as configured, and with TURN_URLS and TURN_SECRET a TURN server with credentials in the TURN REST scheme, valid for `ttlSeconds` (TURN_TTL_SECONDS). The shared secret never leaves the server. An empty list works on one machine and a LAN.',
        tags: ['live calls'],
        response: { 200: iceServersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        iceServers: iceServersFor(app.config.ice, `member-${principalOf(request).userId}`),
        ttlSeconds: app.config.ice.turn?.ttlSeconds ?? 0,
      },
    }),
  );
};

export default liveCallRoutes;
