import {
  createLeadRequestSchema,
  createLeadResponseSchema,
  errorBodySchema,
  leadListSchema,
  pageQuerySchema,
} from '@parley/api';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth';
import { insertLead, listTeamLeads } from '../../repositories/leads';
import { notifyMember } from '../../repositories/notices';
import { findOldestTeam, findTeam } from '../../repositories/teams';
import { listTeamAdmins } from '../../repositories/users';
import { limits } from '../../services/rate-limits';

const byAddress = (request: FastifyRequest) => request.ip;

/** The contact/demo form (SPEC §2.1 `/contact-us`, `/request-demo`) and the list its requests land in. */
const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The team a lead goes to: LEADS_TEAM_ID, else the oldest team. A LEADS_TEAM_ID that names no
   * team keeps the lead team-less (and says so in the log) rather than handing it to another team.
   */
  async function receivingTeamId(log: FastifyBaseLogger): Promise<string | null> {
    const configured = app.config.leadsTeamId;
    if (configured) {
      const team = await findTeam(app.db, configured);
      if (!team) {
        log.warn({ leadsTeamId: configured }, 'LEADS_TEAM_ID names no team: the lead is stored without one');
      }
      return team?.id ?? null;
    }
    return (await findOldestTeam(app.db))?.id ?? null;
  }

  app.post(
    '/leads',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send the contact or demo form',
        description:
          'Stored for the receiving team (LEADS_TEAM_ID, else the oldest team); each of its admins gets a notice and an e-mail that open the request. Five a client address per hour.',
        tags: ['leads'],
        security: [],
        body: createLeadRequestSchema,
        response: { 201: createLeadResponseSchema, 400: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
      preHandler: limits(app, [{ name: 'lead-ip', max: 5, windowSeconds: 60 * 60, key: byAddress }]),
    },
    async (request, reply) => {
      const teamId = await receivingTeamId(request.log);
      const lead = await insertLead(app.db, { teamId, ...request.body });
      if (teamId) {
        const { kind, name, company, email, phone, message } = lead;
        const title = kind === 'demo' ? `New demo request from ${name}` : `New message from ${name}`;
        // The notice and the e-mail open the request itself (the admins' Requests screen).
        const link = `/requests/${lead.id}`;
        for (const admin of await listTeamAdmins(app.db, teamId)) {
          // The lead is stored: a notice or e-mail that fails is logged, not answered as an error the visitor would resend.
          try {
            await notifyMember(app.db, app.events, {
              category: 'todo',
              teamId,
              userId: admin.id,
              type: 'message',
              title,
              description: company ?? email,
              link,
            });
          } catch (error) {
            request.log.error({ err: error, leadId: lead.id, userId: admin.id }, 'lead notice not stored');
          }
          try {
            await app.outbox.sendEmail({
              teamId,
              to: admin.email,
              subject: title,
              text: [
                `${title} on Parley.`,
                '',
                `Name: ${name}`,
                `E-mail: ${email}`,
                ...(company ? [`Company: ${company}`] : []),
                ...(phone ? [`Phone: ${phone}`] : []),
                '',
                message,
                '',
                `Read and reply: ${app.config.publicUrl}${link}`,
              ].join('\n'),
            });
          } catch (error) {
            request.log.error({ err: error, leadId: lead.id, userId: admin.id }, 'lead e-mail not queued');
          }
        }
      }
      reply.code(201);
      return { success: true as const, data: { id: lead.id } };
    },
  );

  app.get(
    '/leads',
    {
      config: { access: 'admin' },
      schema: {
        summary: "The team's contact and demo requests, newest first",
        tags: ['leads'],
        querystring: pageQuerySchema,
        response: { 200: leadListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listTeamLeads(app.db, principalOf(request).teamId, request.query),
  );
};

export default leadRoutes;
