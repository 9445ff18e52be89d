import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { createEvents } from '../services/events';
import { createLiveCalls, createQueueWatch, RING_SWEEP_MS } from '../services/live-calls';
import { createOutbox, type Transports } from '../services/outbox';
import { createPresence, PRESENCE_HEARTBEAT_MS } from '../services/presence';
import { createSignalling } from '../services/signalling';
import './types';

export interface MessagingOptions {
  /** Transports of the caller's own (tests); otherwise SMTP when SMTP_URL is set. */
  transports?: Transports;
}

/**
 * E-mail, SMS, realtime events, members' presence and live calls. E-mail goes over SMTP when SMTP_URL is set; SMS has no
 * provider yet, so it stays in the outbox like e-mail without SMTP (the development mailbox).
 */
export default fp<MessagingOptions>(
  async (app, options) => {
    let transports: Transports = options.transports ?? {};
    if (!options.transports && app.config.smtpUrl) {
      // Bounded waits: a send must end well within the outbox's lease, or another instance could send it again.
      const smtp = nodemailer.createTransport({
        url: app.config.smtpUrl,
        dnsTimeout: 10_000,
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      });
      const from = app.config.mailFrom;
      transports = {
        email: async (message) => {
          await smtp.sendMail({
            from,
            to: message.to,
            subject: message.subject ?? '',
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
            // One id per outbox row: a receiver can tell a retried message from a new one.
            messageId: `<${message.id}@parley>`,
          });
        },
      };
      app.addHook('onClose', async () => smtp.close());
    }
    const outbox = createOutbox(app.db, transports, app.log);
    app.decorate('outbox', outbox);
    outbox.start();

    const events = createEvents(app.database);
    await events.start();
    app.decorate('events', events);
    // A session that ends closes its sockets on every instance at once, not at their next check.
    app.sessions.whenEnded((userId) => events.publish({ type: 'sessionsEnded', userId }));

    // Members' availability: one heartbeat per instance keeps its sockets' rows fresh and ages out
    // those of instances that stopped without closing theirs.
    const presence = createPresence(() => app.db, events);
    app.decorate('presence', presence);
    const heartbeat = setInterval(() => {
      presence
        .beat()
        // Members whose instance died left the calls they took, as if they had closed their tabs.
        .then(async (gone) => {
          for (const userId of gone) {
            await app.liveCalls.memberLeft(userId);
          }
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'presence heartbeat failed'));
    }, PRESENCE_HEARTBEAT_MS);
    heartbeat.unref();

    // Calls as they happen; every instance ends the calls whose ring time ran out, and those whose
    // sides are gone (the conditional UPDATE lets only one of them end each).
    const liveCalls = createLiveCalls(() => app.db, events, {
      ringSeconds: app.config.callRingSeconds,
      onError: (error) => app.log.error({ err: error }, 'missed-call notices not stored'),
    });
    app.decorate('liveCalls', liveCalls);
    app.decorate(
      'queueWatch',
      createQueueWatch(liveCalls, events, (error) => app.log.warn({ err: error }, 'queue not read')),
    );
    app.decorate(
      'signalling',
      createSignalling(() => app.db, events),
    );
    let sweeping = false;
    const sweep = setInterval(() => {
      if (sweeping) {
        return;
      }
      sweeping = true;
      liveCalls
        .expire()
        .then(() => liveCalls.endAbandoned())
        .catch((error: unknown) => app.log.warn({ err: error }, 'ring timeouts or abandoned calls not ended'))
        .finally(() => {
          sweeping = false;
        });
    }, RING_SWEEP_MS);
    sweep.unref();

    app.addHook('onClose', async () => {
      clearInterval(sweep);
      clearInterval(heartbeat);
      await presence.close().catch((error: unknown) => app.log.warn({ err: error }, 'presence rows not removed'));
      await outbox.stop();
      await events.close();
    });
  },
  { name: 'messaging', dependencies: ['database', 'auth'] },
);
