import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './logger';
import auth from './plugins/auth';
import database from './plugins/database';
import errors, { frameworkRefusal } from './plugins/errors';
import external from './plugins/external';
import messaging from './plugins/messaging';
import openapi from './plugins/openapi';
import readiness from './plugins/readiness';
import recordings from './plugins/recordings';
import storage from './plugins/storage';
import web from './plugins/web';
import widget from './plugins/widget';
import callMediaRoutes from './routes/api/call-media';
import callRoutes from './routes/api/calls';
import contactRoutes from './routes/api/contacts';
import domainRoutes from './routes/api/domains';
import leadRoutes from './routes/api/leads';
import liveCallRoutes from './routes/api/live-calls';
import loginRoutes from './routes/api/login';
import noticeRoutes from './routes/api/notices';
import preferenceRoutes from './routes/api/preferences';
import presenceRoutes from './routes/api/presence';
import profileRoutes from './routes/api/profile';
import requestRoutes from './routes/api/requests';
import searchRoutes from './routes/api/search';
import slackRoutes from './routes/api/slack';
import userRoutes from './routes/api/users';
import videoMessageRoutes from './routes/api/video-messages';
import videoRoutes from './routes/api/videos';
import visitorRoutes from './routes/api/visitor';
import commonRoutes from './routes/common';
import watchRoutes from './routes/common/watch';
import devRoutes from './routes/dev';
import fileRoutes from './routes/files';
import healthRoutes from './routes/health';
import realtimeRoutes from './routes/realtime';
import type { Transports } from './services/outbox';
import './plugins/types';

/** A hop count as proxy-addr counts hops (Fastify's types list only addresses and functions). */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  if (typeof trust === 'number') {
    return (_address: string, hop: number) => hop < trust;
  }
  return trust;
}

export interface BuildOptions {
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: DestinationStream;
  /** A database the caller opened (tests); otherwise from DATABASE_URL or PGlite in DATA_DIR. */
  database?: Database;
  /** Mail and SMS transports of the caller's own (tests); otherwise SMTP_URL or the outbox. */
  transports?: Transports;
}

/**
 * Builds the server. Plugins load in order (STYLE): external (helmet, cookie, rate limit,
 * websocket), then the app's own (config, database, auth, mail and SMS, events, video storage, call
 * recordings), then the API description and routes, and last the built web app with its history
 * fallback.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config, options.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Opening PGlite and running the migrations can take longer than Fastify's 10 s default on a
    // busy small machine; a start that is slow is better than one that fails.
    pluginTimeout: 60_000,
    // A URL the router cannot take (bad encoding, a parameter over the length limit) gets the envelope too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const refusal = frameworkRefusal(error);
      void reply.code(refusal.statusCode).send(refusal.body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorate('config', config);
  await app.register(errors);
  await app.register(external);
  // Before auth: while the demo loads, the API answers 503 before anything reads the database.
  await app.register(readiness);

  await app.register(database, options.database ? { database: options.database } : {});
  await app.register(auth);
  await app.register(messaging, options.transports ? { transports: options.transports } : {});
  await app.register(storage);
  await app.register(recordings);

  await app.register(openapi);
  await app.register(healthRoutes);
  await app.register(commonRoutes, { prefix: '/common' });
  await app.register(watchRoutes, { prefix: '/common' });
  await app.register(loginRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(noticeRoutes, { prefix: '/api' });
  await app.register(presenceRoutes, { prefix: '/api' });
  await app.register(leadRoutes, { prefix: '/api' });
  await app.register(requestRoutes, { prefix: '/api' });
  await app.register(domainRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(slackRoutes, { prefix: '/api' });
  await app.register(preferenceRoutes, { prefix: '/api' });
  await app.register(videoRoutes, { prefix: '/api' });
  await app.register(videoMessageRoutes, { prefix: '/api' });
  await app.register(callRoutes, { prefix: '/api' });
  await app.register(liveCallRoutes, { prefix: '/api' });
  await app.register(callMediaRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(visitorRoutes, { prefix: '/api' });
  await app.register(fileRoutes);
  await app.register(devRoutes);
  await app.register(realtimeRoutes);

  await app.register(widget);
  await app.register(web);
  return app;
}
