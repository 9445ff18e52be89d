import { ERROR_CODES, ShowType } from '@parley/api';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-paths';
import { AppError } from '../lib/errors';
import { createReadiness } from '../services/readiness';
import './types';

/** How long a client held back while the demo loads is told to wait before it asks again. */
export const LOADING_RETRY_SECONDS = 3;

/**
 * Start-up's hold on the API: while start-up work (the demo load) holds it, the API, the files and
 * the socket answer 503 LOADING, and the web app's pages are served. Without it a sign-in to the
 * demo before its members exist is told the password is wrong (PostgreSQL), or waits out the whole
 * load (PGlite runs one transaction at a time). Registered before auth, so that it answers first.
 */
export default fp(
  async (app) => {
    app.decorate('readiness', createReadiness());
    app.addHook('onRequest', async (request) => {
      if (app.readiness.loading && isApiPath(request.url.split('?')[0] ?? '')) {
        throw new AppError(503, ERROR_CODES.loading, 'Parley is loading its demo data, try again in a few seconds.', {
          showType: ShowType.warning,
          headers: { 'retry-after': String(LOADING_RETRY_SECONDS) },
        });
      }
    });
  },
  { name: 'readiness' },
);
