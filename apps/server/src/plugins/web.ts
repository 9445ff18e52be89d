import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { ShowType } from '@parley/api';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/common/', '/dev/', '/ws', '/files/', '/uploads/'];

/**
 * The built web app (apps/web/dist) with history fallback: a GET for a page path answers
 * index.html and the app's router takes over. Unknown API paths answer a 404 error body.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const hasWebApp = existsSync(root);
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        setHeaders: (response, filePath) => {
          // Vite names built assets by content hash: they never change, so they may be kept a year.
          if (filePath.includes('/assets/')) {
            response.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            response.header('cache-control', 'no-cache');
          }
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !API_PREFIXES.some((prefix) => path.startsWith(prefix));
      if (hasWebApp && isPage && !/\.[a-z0-9]+$/i.test(path)) {
        return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({
        success: false,
        errorCode: 'NOT_FOUND',
        errorMessage: 'Not found',
        showType: ShowType.error,
      });
    });
  },
  { name: 'web' },
);
