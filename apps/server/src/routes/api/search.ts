import { errorBodySchema, searchQuerySchema, searchResultSchema } from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth';
import { searchTeam } from '../../repositories/search';

/**
 * The header search (SPEC §2.6): one round trip for the calls and library videos of the member's
 * team, so the shell does not page through two lists to offer five of each.
 */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        summary: "Search the team's calls and library videos",
        description:
          'Calls whose caller name, e-mail, phone or player id contains `q`, and library videos whose title does (any case), newest first, at most 5 of each. `q` needs at least 2 characters.',
        tags: ['search'],
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await searchTeam(app.db, principalOf(request).teamId, request.query.q),
    }),
  );
};

export default searchRoutes;
