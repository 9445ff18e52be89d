import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { databaseRateLimitStore } from '../services/rate-limits';
import { s3Origin } from '../services/storage/s3';
import './types';

/** What a Parley page may use: `(self)` is Parley's own origin, `()` no one. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'autoplay=(self)',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'display-capture=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** API answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Plugins from the field, first in line (STYLE): security headers with a strict
 * Content-Security-Policy, compression of the API's answers, cookies, rate limits counted in the
 * database, and WebSockets.
 */
export default fp(
  async (app) => {
    // With S3 storage the browser PUTs parts to the bucket and plays videos and posters from it.
    const store = app.config.s3 ? [s3Origin(app.config.s3)] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Only our own bundled scripts: no inline script, no eval, no third-party origin.
          scriptSrc: ["'self'"],
          // Inline styles stay allowed: Radix's scroll lock and the toast stack insert <style> elements.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...store],
          mediaSrc: ["'self'", 'blob:', ...store],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...store],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The recorder needs the camera and microphone of the page itself.
      crossOriginEmbedderPolicy: false,
    });
    // Helmet sets no Permissions-Policy: camera and microphone for Parley's own pages only (the
    // recorder, calls, and the visitor widget's page, whose own origin is Parley's inside the
    // iframe a site's allow attribute opens to them); the powerful features Parley never uses, for nobody.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
    // JSON and text answers over 1 KiB in Brotli or gzip, as the browser asks (Vary: Accept-Encoding).
    // Brotli at quality 4: on the fly, most of level 11's gain for a fraction of its time. The built
    // web app is compressed once at build time and sent as it is (plugins/web.ts); video and images
    // are never compressed again.
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      // Text only: JSON, captions, and the API docs' pages; never video, images or fonts.
      customTypes:
        /^(?:application\/(?:[\w.+-]+\+)?json|application\/javascript|image\/svg\+xml|text\/(?:plain|vtt|csv|html|css|javascript))(?:;|$)/,
    });
    await app.register(cookie);
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(() => app.db),
    });
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  },
  { name: 'external' },
);
