import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import { createPasswordHasher } from '../lib/passwords';
import { hmac, loadSigningSecret } from '../lib/secrets';
import { createSessions, type Principal } from '../services/sessions';
import './types';

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) {
    return undefined;
  }
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Routes that default to members: the API. Health checks, the API docs and the web app are public. */
function isApiRoute(url: string): boolean {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) {
    return false;
  }
  return url.startsWith('/api/') || url.startsWith('/common/');
}

/**
 * Sessions and access. Every API route is for signed-in members unless its config says
 * `access: 'public'`; `access: 'admin'` answers 403 to users. The check runs before the body is
 * read, so an anonymous caller learns nothing about a route's input.
 */
export default fp(
  async (app) => {
    const secret = loadSigningSecret(app.config.jwtSecret, app.config.dataDir);
    app.decorate('sessions', createSessions(app.db, secret));
    app.decorate('passwords', createPasswordHasher(app.config.passwordHashMemory));
    app.decorate('secretKey', hmac(secret, 'parley-secret-key'));
    app.decorateRequest('principal', null);

    app.addHook('onRequest', async (request) => {
      const access =
        request.routeOptions.config.access ?? (isApiRoute(request.routeOptions.url ?? '') ? 'member' : 'public');
      if (access === 'public') {
        return;
      }
      const token = bearerToken(request);
      const principal: Principal | null = token ? await app.sessions.verify(token) : null;
      if (principal?.scope !== 'full') {
        throw unauthorized();
      }
      if (access === 'admin' && principal.role !== 'admin') {
        throw forbidden(request.routeOptions.config.forbiddenMessage);
      }
      request.principal = principal;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** The signed-in member of a member-only route (the hook has checked there is one). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthorized();
  }
  return request.principal;
}
