import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOADING_RETRY_SECONDS } from '../plugins/readiness';
import '../plugins/types';

const statusSchema = z.object({ status: z.enum(['ok', 'loading', 'unavailable']) });

/** `/healthz`: the process answers, from the moment it listens. `/readyz`: and start-up is over and its database answers. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { summary: 'The process is up', tags: ['health'], security: [], response: { 200: statusSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Start-up is over (the demo is loaded) and the database answers',
        tags: ['health'],
        security: [],
        response: { 200: statusSchema, 503: statusSchema },
      },
    },
    async (_request, reply) => {
      if (app.readiness.loading) {
        return reply
          .code(503)
          .header('retry-after', String(LOADING_RETRY_SECONDS))
          .send({ status: 'loading' as const });
      }
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        app.log.warn({ err: error }, 'database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};

export default healthRoutes;
