import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, ShowType } from '@parley/api';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-paths';

/** Where Vite puts the built files; a missing one there is a 404, not a page. */
const ASSETS_PREFIX = '/assets/';
/** The visitor widget's frame and files (plugins/widget.ts): never the app's pages. */
const WIDGET_PREFIX = '/widget/';
/** The web build's list of prerendered pages (apps/web/scripts/prerender.mjs). */
const PRERENDERED_PAGES = 'prerendered/pages.json';

/** A prerendered page: its file, and whether it also answers its address with a query string. */
interface PrerenderedPage {
  file: string;
  query: boolean;
}

/** The prerendered pages of a build, by exact address; none when the build made none. */
function readPrerenderedPages(root: string): Map<string, PrerenderedPage> {
  const list = path.join(root, PRERENDERED_PAGES);
  if (!existsSync(list)) {
    return new Map();
  }
  return new Map(Object.entries(JSON.parse(readFileSync(list, 'utf8')) as Record<string, PrerenderedPage>));
}

/**
 * The built web app (apps/web/dist) with history fallback: a GET for a page path answers
 * index.html and the app's router takes over. Unknown API paths answer a 404 error body.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const hasWebApp = existsSync(root);
    const prerendered = hasWebApp ? readPrerenderedPages(root) : new Map<string, PrerenderedPage>();
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        // `/` is a page like the others (prerendered, when the build made it), answered below.
        index: false,
        // The build made Brotli and gzip copies (vite-plugin-compression2): the one the browser
        // accepts is sent, with Vary: Accept-Encoding.
        preCompressed: true,
        setHeaders: (response, filePath) => {
          // Vite names built assets by content hash: they never change, so they may be kept a year.
          if (filePath.includes(ASSETS_PREFIX)) {
            response.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            response.header('cache-control', 'no-cache');
          }
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // Only the built assets are files: a page address may end like a file name (a first-login
      // link's token is a JWT, `…/eyJ….eyJ….abc123`), and the app's router answers it.
      const isPage =
        request.method === 'GET' &&
        !isApiPath(path) &&
        !path.startsWith(ASSETS_PREFIX) &&
        !path.startsWith(WIDGET_PREFIX);
      if (hasWebApp && isPage) {
        // A page the build prerendered paints before its code arrives. A public page (hydrated)
        // only at its bare address: a query (`/?redirect=…`) can change what it shows, so it then
        // renders in the browser from the loading page, as every other address does. The signed-in
        // screens' loading page is replaced, not hydrated, and answers with any query.
        const page = prerendered.get(path);
        const file = page && (page.query || !request.url.includes('?')) ? page.file : 'index.html';
        return reply.type('text/html').header('cache-control', 'no-cache').sendFile(file);
      }
      return reply.code(404).send({
        success: false,
        errorCode: ERROR_CODES.notFound,
        errorMessage: 'Not found',
        showType: ShowType.error,
      });
    });
  },
  { name: 'web' },
);
