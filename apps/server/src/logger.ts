import { randomUUID } from 'node:crypto';
import { type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';

/** Paths pino blanks in every line: credentials never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.captcha',
  '*.code',
];

/** Paths whose segments are secrets: reset and first-login tokens, share tokens of video messages. */
const SECRET_PATHS: [RegExp, string][] = [
  [/^\/user\/reset-password\/[^/?]+\/[^/?]+/, '/user/reset-password/[redacted]/[redacted]'],
  [/^\/user\/change-password\/[^/?]+/, '/user/change-password/[redacted]'],
  [/^\/v\/[^/?]+/, '/v/[redacted]'],
  [/^\/common\/watch\/[^/?]+/, '/common/watch/[redacted]'],
  [/^\/files\/shared\/[^/?]+/, '/files/shared/[redacted]'],
];
/** Query parameters that carry credentials: signed-URL signatures, tokens, codes. */
const SECRET_PARAMETERS = /([?&](?:signature|token|captcha|code|password)=)[^&#]*/gi;

/** A request's address as the logs keep it: secrets in its path or query replaced by '[redacted]'. */
export function redactUrl(url: string): string {
  let redacted = url;
  for (const [pattern, replacement] of SECRET_PATHS) {
    redacted = redacted.replace(pattern, replacement);
  }
  return redacted.replace(SECRET_PARAMETERS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * pino JSON lines with a request id (from X-Request-Id when a proxy sets one, else a UUID) and
 * credentials redacted. Fastify logs no bodies; the token of a socket travels in a message.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        // Fastify's own, with the address's secrets taken out: a reset link opened from an e-mail,
        // a watch link or a signed file address would otherwise be logged whole.
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(stream ? { stream } : {}),
    },
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: () => randomUUID(),
  };
}
