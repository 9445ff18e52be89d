import { errorBodySchema, preferencesResponseSchema, updatePreferencesRequestSchema } from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth';
import { findPreferences, updatePreferences } from '../../repositories/preferences';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * Preferences (issue 17, `/settings/Preferences`): each member's own, kept on the server so they
 * follow the member to every browser. A member reads and changes only their own.
 */
const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/preferences',
    {
      schema: {
        summary: "The signed-in member's preferences",
        description: 'The defaults until the member changes one.',
        tags: ['preferences'],
        response: { 200: preferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await findPreferences(app.db, principalOf(request).userId) }),
  );

  app.patch(
    '/preferences',
    {
      schema: {
        summary: 'Change some of the signed-in member’s preferences',
        description:
          'Language (BCP 47, or null for the browser’s), theme, time zone (IANA, or null), date format, page size (10, 20, 50 or 100), ring sound and volume (0–100), desktop notifications. Those left out stay as they are.',
        tags: ['preferences'],
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesResponseSchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { userId, teamId } = principalOf(request);
      return { success: true as const, data: await updatePreferences(app.db, { userId, teamId }, request.body) };
    },
  );
};

export default preferenceRoutes;
