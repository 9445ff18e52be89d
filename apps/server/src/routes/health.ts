import { ShowType } from '@parley/api';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { API_PREFIXES } from '../plugins/web';
import '../plugins/types';

const statusSchema = z.object({ status: z.enum(['ok', 'loading', 'unavailable']) });

/** How long a client held back while the demo loads is told to wait before it asks again. */
const LOADING_RETRY_SECONDS = 3;

/** Whether start-up work (the demo load) still holds the API back. */
export interface Readiness {
  readonly loading: boolean;
  /** Holds the API back until the answered function is called. */
  hold(): () => void;
}

function createReadiness(): Readiness {
  let holds = 0;
  return {
    get loading() {
      return holds > 0;
    },
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (!released) {
          released = true;
          holds -= 1;
        }
      };
    },
  };
}

/**
 * Start-up's hold on the API: while start-up work (the demo load) holds it, the API, the files and
 * the socket answer 503 LOADING, and the web app's pages are served. Without it a sign-in to the
 * demo before its members exist is told the password is wrong (PostgreSQL), or waits out the whole
 * load (PGlite runs one transaction at a time). Registered before auth, so that it answers first.
 */
export const readiness = fp(
  async (app) => {
    app.decorate('readiness', createReadiness());
    app.addHook('onRequest', async (request) => {
      if (!app.readiness.loading) {
        return;
      }
      const path = request.url.split('?')[0] ?? '';
      if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
        throw new AppError(503, 'LOADING', 'Parley is loading its demo data, try again in a few seconds.', {
          showType: ShowType.warning,
          headers: { 'retry-after': String(LOADING_RETRY_SECONDS) },
        });
      }
    });
  },
  { name: 'readiness' },
);

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
