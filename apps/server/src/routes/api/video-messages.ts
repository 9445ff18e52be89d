import {
  createVideoMessageRequestSchema,
  createVideoMessageResponseSchema,
  ERROR_CODES,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  videoMessageListQuerySchema,
  videoMessageListSchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { principalOf } from '../../plugins/auth';
import { setFollowUp } from '../../repositories/calls';
import {
  insertVideoMessage,
  linkOutboxMessages,
  listTeamVideoMessages,
  revokeVideoMessage,
} from '../../repositories/video-messages';
import { findTeamVideo } from '../../repositories/videos';
import { takeSend } from '../../services/send-limits';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The e-mail a recipient gets: the sender's message and the link, as text and as simple HTML. */
export function videoMessageEmail(input: { senderName: string; title: string; message: string; shareUrl: string }) {
  const subject = `${input.senderName} sent you a video message`;
  const text = `${input.message}\n\nWatch the video "${input.title}":\n${input.shareUrl}\n\n${input.senderName}, via Parley`;
  const paragraphs = input.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  const html = `${paragraphs}
<p><a href="${escapeHtml(input.shareUrl)}">Watch the video “${escapeHtml(input.title)}”</a></p>
<p>${escapeHtml(input.senderName)}, via Parley</p>`;
  return { subject, text, html };
}

/**
 * Video messages (SPEC §3 recipient: e-mail, phone, message; ARCHITECTURE §6 Follow Up): one share
 * link per recipient, sent by e-mail and SMS through the outbox, which retries until delivered.
 */
const videoMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/video-messages',
    {
      schema: {
        summary: 'Send a video to a recipient by e-mail and SMS, with a share link of its own',
        description:
          'The link is a 128-bit random token, kept only as a hash; it is answered once, here. Sending is queued and retried.',
        tags: ['video messages'],
        body: createVideoMessageRequestSchema,
        response: {
          201: createVideoMessageResponseSchema,
          ...errors,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { videoId, callId, email, phone, message } = request.body;
      const video = await findTeamVideo(app.db, principal.teamId, videoId);
      if (!video) {
        throw notFound('This video does not exist.');
      }
      if (video.status !== 'ready' && video.status !== 'processing') {
        throw conflict(ERROR_CODES.videoNotReady, 'This video has not been uploaded; choose another one.');
      }
      await takeSend(app, principal);
      const token = randomToken(16);
      const shareUrl = `${app.config.publicUrl}/v/${token}`;
      const stored = await insertVideoMessage(app.db, {
        teamId: principal.teamId,
        videoId,
        senderId: principal.userId,
        callId,
        email,
        phone,
        message,
        tokenHash: sha256(token),
      });
      const mail = videoMessageEmail({ senderName: principal.name, title: video.title, message, shareUrl });
      const emailOutboxId = await app.outbox.sendEmail({ to: email, ...mail, teamId: principal.teamId });
      const smsOutboxId = await app.outbox.sendSms({
        to: phone,
        text: `${principal.name} sent you a video message: ${shareUrl}`,
        teamId: principal.teamId,
      });
      await linkOutboxMessages(app.db, stored.id, {
        emailOutboxId: emailOutboxId ?? null,
        smsOutboxId: smsOutboxId ?? null,
      });
      if (callId && UUID.test(callId)) {
        // Sent for one of the team's calls: that call's follow-up is done as far as sending goes.
        await setFollowUp(app.db, principal.teamId, callId, 'sent');
      }
      reply.code(201);
      return { success: true as const, data: { id: stored.id, shareUrl } };
    },
  );

  app.get(
    '/video-messages',
    {
      schema: {
        summary: "The team's video messages, newest first: recipient, delivery, views, revoked",
        tags: ['video messages'],
        querystring: videoMessageListQuerySchema,
        response: { 200: videoMessageListSchema, ...errors },
      },
    },
    async (request) => listTeamVideoMessages(app.db, principalOf(request).teamId, request.query),
  );

  app.delete(
    '/video-messages/:id',
    {
      schema: {
        summary: 'Revoke a share link: the watch page then answers 410',
        tags: ['video messages'],
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await revokeVideoMessage(app.db, principalOf(request).teamId, request.params.id))) {
        throw notFound('This video message does not exist.');
      }
      return { success: true as const };
    },
  );
};

export default videoMessageRoutes;
