import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { WIDGET_KEY_PATTERN } from '@parley/api';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors';
import { findWidgetTeam } from '../repositories/domains';
import './types';

/** How long a browser or CDN may keep widget.js: its address never changes, so not long. */
const LOADER_MAX_AGE_SECONDS = 300;

/** The page's Content-Security-Policy with `frame-ancestors` replaced by `ancestors`. */
export function withFrameAncestors(policy: string, ancestors: readonly string[]): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !directive.startsWith('frame-ancestors'));
  return [...directives, `frame-ancestors ${ancestors.join(' ')}`].join('; ');
}

/**
 * The visitor widget (apps/widget/dist): `/widget.js`, the loader a site embeds, which any page
 * may load; `/widget/:key`, its frame's page, which only the team's origins (Domain management)
 * and Parley's own pages may frame (`frame-ancestors`, enforced by the browser); and the frame
 * app's hashed files.
 */
export default fp(
  async (app) => {
    const root = app.config.widgetDist;
    const loaderFile = path.join(root, 'widget.js');
    const pageFile = path.join(root, 'index.html');
    const built = existsSync(loaderFile) && existsSync(pageFile);
    const loader = built ? readFileSync(loaderFile) : undefined;
    const page = built ? readFileSync(pageFile) : undefined;
    const notBuilt = () => notFound('The visitor widget is not built: run `pnpm build`.');

    if (built) {
      await app.register(fastifyStatic, {
        root: path.join(root, 'assets'),
        prefix: '/widget/assets/',
        decorateReply: false,
        wildcard: false,
        preCompressed: true,
        setHeaders: (response) => {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }

    app.get('/widget.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      if (!loader) {
        throw notBuilt();
      }
      return (
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', `public, max-age=${LOADER_MAX_AGE_SECONDS}`)
          // Loaded by a <script> of another origin's page: helmet's same-origin would block it.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(loader)
      );
    });

    app.get<{ Params: { key: string } }>(
      '/widget/:key',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (!page) {
          throw notBuilt();
        }
        const { key } = request.params;
        const team = WIDGET_KEY_PATTERN.test(key) ? await findWidgetTeam(app.db, key) : undefined;
        // An unknown key's page says so (the frame asks for its session and is told), framed by Parley alone.
        const policy = String(reply.getHeader('content-security-policy') ?? '');
        reply.header('content-security-policy', withFrameAncestors(policy, ["'self'", ...(team?.origins ?? [])]));
        // frame-ancestors decides; helmet's X-Frame-Options (SAMEORIGIN) would refuse every other origin.
        reply.removeHeader('x-frame-options');
        return reply
          .code(team ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page);
      },
    );
  },
  { name: 'widget', dependencies: ['external'] },
);
