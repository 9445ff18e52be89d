import {
  errorBodySchema,
  memberPresenceResponseSchema,
  presenceListResponseSchema,
  setAvailabilitySchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * Members' availability (issue 16): Available, Away or Offline, chosen in the header's menu and
 * kept across tabs and devices; a member with no Parley tab open is Offline to the team. Changes
 * reach the team's open tabs over `/ws` (`presence`).
 */
const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/presence',
    {
      schema: {
        summary: "Every member's availability as the team sees it",
        description:
          '`availability` is what the team sees (the choice while a tab is open, else offline); `chosen` is what the member chose.',
        tags: ['presence'],
        response: { 200: presenceListResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await app.presence.list(principalOf(request).teamId) }),
  );

  app.put(
    '/currentUser/availability',
    {
      schema: {
        summary: 'Choose your availability',
        description:
          "Available members hear incoming calls ring; Away and Offline ones do not. Kept across tabs and devices; announced to the team's open tabs.",
        tags: ['presence'],
        body: setAvailabilitySchema,
        response: { 200: memberPresenceResponseSchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId, userId } = principalOf(request);
      const presence = await app.presence.choose(teamId, userId, request.body.availability);
      if (!presence) {
        throw notFound();
      }
      return { success: true as const, data: presence };
    },
  );
};

export default presenceRoutes;
