import {
  clearNoticesQuerySchema,
  clearNoticesResponseSchema,
  errorBodySchema,
  idParamsSchema,
  noticeListSchema,
  okSchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { clearNotices, listNotices, markNoticeRead } from '../../repositories/notices';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The header's notices (SPEC §4): each member sees and changes only their own. */
const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notices',
    {
      schema: {
        summary: "The signed-in member's notices, newest first",
        tags: ['notices'],
        response: { 200: noticeListSchema, ...errors },
      },
    },
    async (request) => listNotices(app.db, principalOf(request).userId),
  );

  app.post(
    '/notices/:id/read',
    {
      schema: {
        summary: 'Mark one notice read',
        tags: ['notices'],
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await markNoticeRead(app.db, principalOf(request).userId, request.params.id))) {
        throw notFound();
      }
      return { success: true as const };
    },
  );

  app.delete(
    '/notices',
    {
      schema: {
        summary: 'Clear every notice of one type',
        tags: ['notices'],
        querystring: clearNoticesQuerySchema,
        response: { 200: clearNoticesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await clearNotices(app.db, principalOf(request).userId, request.query.type);
      return { success: true as const, data: { removed } };
    },
  );
};

export default noticeRoutes;
