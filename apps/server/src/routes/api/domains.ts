import {
  addDomainSchema,
  domainListSchema,
  domainResponseSchema,
  ERROR_CODES,
  englishMessages,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  widgetSettingsResponseSchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, invalid, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import {
  addTeamDomain,
  listTeamDomains,
  removeTeamDomain,
  renewTeamWidgetKey,
  teamWidgetKey,
} from '../../repositories/domains';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Said to a user (not an admin) who tries to change the list or the key. */
const ADMINS_ONLY = 'Only team admins can change the domains and the widget key.';

/**
 * Domain management (ARCHITECTURE §6): the origins where the team's visitor widget may run, and
 * the key its embed tag names the team by. Every member reads them; admins change them. Another
 * team's origin is not found.
 */
const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/domains',
    {
      schema: {
        summary: "The origins where the team's visitor widget may run, oldest first",
        description: 'All of them (a team has at most 100), in the shape of every list.',
        tags: ['domains'],
        response: { 200: domainListSchema, ...errors },
      },
    },
    async (request) => {
      const list = await listTeamDomains(app.db, principalOf(request).teamId);
      return { list, total: list.length };
    },
  );

  app.post(
    '/domains',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: 'Allow the widget on one more origin',
        description:
          'An origin is `http` or `https`, a host and an optional port (`https://www.example.com`); it is stored as browsers send it in `Origin`. 409 when it is on the list already, 422 when the team has 100.',
        tags: ['domains'],
        body: addDomainSchema,
        response: { 201: domainResponseSchema, 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const result = await addTeamDomain(app.db, principal.teamId, request.body.origin, {
        id: principal.userId,
        name: principal.name,
      });
      if ('refused' in result) {
        if (result.refused === 'taken') {
          throw conflict(ERROR_CODES.conflict, englishMessages.originTaken, { origin: 'originTaken' });
        }
        throw invalid({ origin: 'domainsFull' });
      }
      return reply.status(201).send({ success: true as const, data: result.added });
    },
  );

  app.delete(
    '/domains/:id',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: 'Stop allowing one origin',
        tags: ['domains'],
        params: idParamsSchema,
        response: { 200: okSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      if (!(await removeTeamDomain(app.db, principalOf(request).teamId, request.params.id))) {
        throw notFound('This origin is not on the list.');
      }
      return { success: true as const };
    },
  );

  app.get(
    '/widget',
    {
      schema: {
        summary: "The team's widget key",
        description: 'The embed tag names the team by it: `data-parley-team`.',
        tags: ['domains'],
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const widgetKey = await teamWidgetKey(app.db, principalOf(request).teamId);
      if (!widgetKey) {
        throw notFound();
      }
      return { success: true as const, data: { widgetKey } };
    },
  );

  app.post(
    '/widget/key',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: 'A new widget key',
        description: 'The old key stops naming the team at once: pages that embed it must take the new tag.',
        tags: ['domains'],
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const widgetKey = await renewTeamWidgetKey(app.db, principalOf(request).teamId);
      if (!widgetKey) {
        throw notFound();
      }
      return { success: true as const, data: { widgetKey } };
    },
  );
};

export default domainRoutes;
