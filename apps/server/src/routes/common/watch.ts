import { ERROR_CODES, errorBodySchema, watchParamsSchema, watchVideoResponseSchema } from '@parley/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/errors';
import { sha256 } from '../../lib/secrets';
import { notifyMember } from '../../repositories/notices';
import { findShared, recordView } from '../../repositories/video-messages';
import { limits } from '../../services/rate-limits';

/** A share token as issued: 128 random bits in base64url. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

const byAddress = (request: FastifyRequest) => request.ip;

/**
 * The public watch page's data (`/v/:token` in the web app): the video, the sender's message and
 * name, and nothing else — no ids, no team. Each call counts a view; the first tells the sender.
 */
const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const unknownLink = () => notFound('This video link does not exist. Check the address in your message.');

  app.get(
    '/watch/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A shared video: what the public watch page shows (counts a view)',
        description: '404 for a link that never existed, 410 for one its sender revoked or whose video was deleted.',
        tags: ['video messages'],
        security: [],
        params: watchParamsSchema,
        response: { 200: watchVideoResponseSchema, 404: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema },
      },
      preHandler: limits(app, [{ name: 'watch-ip', max: 60, windowSeconds: 60, key: byAddress }]),
    },
    async (request) => {
      const { token } = request.params;
      if (!SHARE_TOKEN.test(token)) {
        throw unknownLink();
      }
      const shared = await findShared(app.db, sha256(token));
      if (!shared) {
        throw unknownLink();
      }
      const { message, senderName, video } = shared;
      if (message.revokedAt || !video) {
        throw new AppError(410, ERROR_CODES.linkRevoked, 'This video link has been withdrawn by its sender.');
      }
      if (video.status !== 'ready' && video.status !== 'processing') {
        throw unknownLink();
      }
      const view = await recordView(app.db, message.id);
      if (!view) {
        throw new AppError(410, ERROR_CODES.linkRevoked, 'This video link has been withdrawn by its sender.');
      }
      if (view.first) {
        // The view is counted: a notice that fails is logged, never the viewer's error.
        try {
          await notifyMember(app.db, app.events, {
            category: 'system',
            teamId: message.teamId,
            userId: message.senderId,
            type: 'message',
            title: `${message.email} watched your video “${video.title}”`,
            description: message.message,
            link: message.callId ? '/call-history' : '/video-library',
          });
        } catch (error) {
          request.log.error({ err: error, videoMessageId: message.id }, 'first-view notice not stored');
        }
      }
      const urls = await app.videos.sharedUrls(video, token);
      return {
        success: true as const,
        data: {
          title: video.title,
          durationSeconds: video.durationSeconds,
          posterUrl: urls.posterUrl,
          playbackUrl: urls.playbackUrl,
          message: message.message,
          senderName,
        },
      };
    },
  );
};

export default watchRoutes;
