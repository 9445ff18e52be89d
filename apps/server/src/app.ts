import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';

/** Builds the server: health check and the built web app with history fallback. */
export async function buildApp(config: Config, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });

  app.get('/healthz', async () => ({ status: 'ok' }));

  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/common/');
      if (wantsPage) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ success: false, errorCode: 'NOT_FOUND', errorMessage: 'Not found', showType: 2 });
    });
  }
  return app;
}
