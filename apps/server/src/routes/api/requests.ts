import {
  contactRequestDetailSchema,
  contactRequestListQuerySchema,
  contactRequestListSchema,
  contactRequestResponseSchema,
  ERROR_CODES,
  errorBodySchema,
  idParamsSchema,
  replyContactRequestSchema,
  updateContactRequestSchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { addRequestReply, findTeamRequest, listTeamRequests, setRequestStatus } from '../../repositories/leads';
import { findTeam } from '../../repositories/teams';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Said to a user (not an admin) who asks for the requests. */
const ADMINS_ONLY = 'Only team admins can see contact and demo requests.';

/**
 * The contact and demo requests of the admin's team (SPEC §2.1's form, stored by `POST /api/leads`
 * for the receiving team): list, read, set the status, reply by e-mail. Another team's request is
 * not found; a user (not an admin) is refused.
 */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  async function requestOf(teamId: string, id: string) {
    const found = await findTeamRequest(app.db, teamId, id);
    if (!found) {
      throw notFound('This request does not exist.');
    }
    return found;
  }

  app.get(
    '/requests',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: "The team's contact and demo requests, newest first",
        description: 'Paged like every list; `status` keeps one status only.',
        tags: ['requests'],
        querystring: contactRequestListQuerySchema,
        response: { 200: contactRequestListSchema, ...errors },
      },
    },
    async (request) => listTeamRequests(app.db, principalOf(request).teamId, request.query),
  );

  app.get(
    '/requests/:id',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: 'One request: the whole message, its status and the replies sent',
        tags: ['requests'],
        params: idParamsSchema,
        response: { 200: contactRequestDetailSchema, ...errors },
      },
    },
    async (request) => requestOf(principalOf(request).teamId, request.params.id),
  );

  app.patch(
    '/requests/:id',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: "Set a request's status",
        description:
          'With `from`, only while the status is still that: when another admin changed it first, 409 CONFLICT and nothing changes.',
        tags: ['requests'],
        params: idParamsSchema,
        body: updateContactRequestSchema,
        response: { 200: contactRequestResponseSchema, 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { teamId } = principalOf(request);
      const { id } = request.params;
      if (!(await setRequestStatus(app.db, teamId, id, request.body))) {
        const now = await requestOf(teamId, id);
        throw new AppError(
          409,
          ERROR_CODES.conflict,
          `Someone else changed this request first: it is ${now.status} now. Nothing was changed.`,
        );
      }
      return { success: true as const, data: await requestOf(teamId, id) };
    },
  );

  app.post(
    '/requests/:id/reply',
    {
      config: { access: 'admin', forbiddenMessage: ADMINS_ONLY },
      schema: {
        summary: 'Reply to a request by e-mail',
        description: "E-mails the text to the requester's address, stores it and sets the status to replied.",
        tags: ['requests'],
        params: idParamsSchema,
        body: replyContactRequestSchema,
        response: { 200: contactRequestResponseSchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { id } = request.params;
      const lead = await requestOf(principal.teamId, id);
      const team = await findTeam(app.db, principal.teamId);
      const teamName = team?.name ?? 'Parley';
      const { text } = request.body;
      await app.outbox.sendEmail({
        teamId: principal.teamId,
        to: lead.email,
        subject: lead.kind === 'demo' ? `Re: your demo request to ${teamName}` : `Re: your message to ${teamName}`,
        text: [
          text,
          '',
          `${principal.name}, ${teamName}`,
          '',
          `On ${lead.createdAt} you wrote:`,
          ...lead.message.split('\n').map((line) => `> ${line}`),
        ].join('\n'),
      });
      await addRequestReply(app.db, principal.teamId, id, {
        authorId: principal.userId,
        authorName: principal.name,
        text,
      });
      return { success: true as const, data: await requestOf(principal.teamId, id) };
    },
  );
};

export default requestRoutes;
