import { ERROR_CODES, type OutboxMessage, outboxListSchema, outboxQuerySchema } from '@parley/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { listOutboxMessages } from '../../repositories/outbox';

/** The names this machine answers to from itself; anything else in `Host` may be DNS rebinding. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a `Host` header, without its port (`[::1]:8080` → `[::1]`). */
function hostName(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  const bracketed = /^(\[[^\]]*\])(?::\d+)?$/.exec(value);
  if (bracketed) {
    return bracketed[1] ?? '';
  }
  return value.replace(/:\d+$/, '');
}

/** Headers that only a proxy adds: a request carrying one did not come straight from this machine. */
function hasProxySign(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) => name === 'forwarded' || name === 'via' || name === 'x-real-ip' || name.startsWith('x-forwarded-'),
  );
}

/**
 * Whether a request comes straight from this machine: its connection is from a loopback address,
 * it names this machine as its host, and no proxy passed it on. The socket is read, not
 * `request.ip`, which TRUST_PROXY takes from a header any client can write. A reverse proxy on the
 * same host connects from loopback too, but adds `X-Forwarded-*`, `X-Real-IP`, `Via` or `Forwarded`
 * (nginx's plain `proxy_pass` adds none of them, but passes its own `Host`, which is not localhost
 * unless the proxy is itself reached as localhost); a page on another site that rebinds its DNS
 * name to 127.0.0.1 still sends its own name as `Host`.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);
  return loopback && LOCAL_HOSTS.has(hostName(request.headers.host)) && !hasProxySign(request);
}

async function listOutbox(db: Db, to: string | undefined): Promise<OutboxMessage[]> {
  const recipient = to ? (to.trim().startsWith('+') ? to.trim() : to.trim().toLowerCase()) : undefined;
  const rows = await listOutboxMessages(db, recipient, 100);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A web address in a message's text, up to the first space or quote. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/g;

/**
 * A message's text as HTML, its web addresses as links. An address of Parley itself (PUBLIC_URL)
 * points at the origin the developer opened this page at instead: `localhost` and `127.0.0.1` are
 * different origins, with storage of their own, and a link to the other would open signed out.
 */
export function linkedText(text: string, publicUrl: string, openedOrigin: string): string {
  const parley = publicUrl.replace(/\/+$/, '');
  let html = '';
  let written = 0;
  for (const match of text.matchAll(ADDRESS)) {
    // A full stop or bracket that ends the sentence is not part of the address.
    const address = match[0].replace(/[.,;:!?)\]]+$/, '');
    const href =
      address === parley || address.startsWith(`${parley}/`) || address.startsWith(`${parley}?`)
        ? `${openedOrigin}${address.slice(parley.length)}`
        : address;
    html += `${escapeHtml(text.slice(written, match.index))}<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
    written = match.index + address.length;
  }
  return html + escapeHtml(text.slice(written));
}

/** The page lists the newest messages; a developer tool, so it is plain English HTML, no script. */
function mailboxPage(messages: OutboxMessage[], link: (text: string) => string): string {
  const items = messages
    .map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject ?? 'SMS')}</h2>
  <p class="meta">${escapeHtml(message.channel)} to ${escapeHtml(message.to)} · ${escapeHtml(message.createdAt)} · ${escapeHtml(message.status)}</p>
  <pre>${link(message.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley development mailbox</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 24px; color: #1f1f1f; }
  article { border: 1px solid #ddd; border-radius: 8px; padding: 12px 16px; margin-block: 12px; }
  h2 { font-size: 16px; margin: 0; }
  .meta { color: #595959; margin: 4px 0 8px; font-size: 13px; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font: inherit; }
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>E-mail and SMS that Parley would have sent. Only this machine can open this page, at http://localhost. Set SMTP_URL to send real e-mail; this page is on because DEV_MAILBOX=true.</p>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}

/**
 * The development mailbox: while no SMTP server or SMS provider is set, what Parley sends stays in
 * the outbox, and this lists it, so the demo and the end-to-end tests work offline. The outbox holds
 * every team's reset links, one-time passwords and codes, so it is off unless DEV_MAILBOX=true
 * (`npm start` sets it for the demo, and says so), and even then only this machine may read it: 403
 * to anyone else.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devMailbox) {
    return;
  }
  app.addHook('onRequest', async (request) => {
    if (!isLocalRequest(request)) {
      throw new AppError(
        403,
        ERROR_CODES.devMailboxLocalOnly,
        'The development mailbox opens only on the machine Parley runs on, at http://localhost, not through a proxy.',
      );
    }
  });
  app.get(
    '/api/dev/outbox',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The development mailbox: messages that went to the outbox',
        tags: ['development'],
        security: [],
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema },
      },
    },
    async (request) => listOutbox(app.db, request.query.to),
  );
  app.get(
    '/dev/mailbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const messages = await listOutbox(app.db, request.query.to);
      // isLocalRequest has checked Host: one of this machine's own names, with its port.
      const openedOrigin = `http://${request.headers.host ?? 'localhost'}`;
      const page = mailboxPage(messages, (text) => linkedText(text, app.config.publicUrl, openedOrigin));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  );
};

export default devRoutes;
