import { ShowType } from '@parley/api';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, DEFAULT_ERROR_MESSAGE, sqlState } from '../lib/errors';

/** The SQLSTATE of a PostgreSQL error, as pg and PGlite report it (drizzle wraps it in `cause`). */
/**
 * The body of a refusal for a request Fastify could not route: a malformed URL (FST_ERR_BAD_URL),
 * a path parameter over the length limit (FST_ERR_MAX_PARAM_LENGTH).
 */
export function frameworkRefusal(error: FastifyError): { statusCode: number; body: Record<string, unknown> } {
  const statusCode =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return {
    statusCode,
    body: {
      success: false,
      errorCode: 'BAD_URL',
      errorMessage: 'This address is not valid.',
      showType: ShowType.error,
    },
  };
}

/** `body.email` → `email`; an issue on the object itself → its context. */
function fieldName(instancePath: string, context: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context;
}

/**
 * One error handler (STYLE): a route's AppError answers as it says; bad input answers 400 (query,
 * params) or 422 (body) with a message per field; anything else is logged with the request's
 * context and answers 500 with SPEC §8's default message and nothing of the cause.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({
            success: false,
            errorCode: error.code,
            errorMessage: error.message,
            showType: error.showType,
            ...(error.fields ? { fields: error.fields } : {}),
          });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = error.validationContext ?? 'body';
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const name = fieldName(issue.instancePath, context);
          fields[name] ??= issue.message ?? 'This value is not valid.';
        }
        return reply.code(context === 'body' ? 422 : 400).send({
          success: false,
          errorCode: 'VALIDATION_FAILED',
          errorMessage: Object.values(fields)[0] ?? 'Check the form.',
          showType: ShowType.warning,
          fields,
        });
      }
      const state = sqlState(error);
      if (state?.startsWith('22')) {
        // A data exception: input the schema let through but PostgreSQL cannot hold (a NUL character).
        request.log.warn({ err: error }, 'input refused by the database');
        return reply.code(400).send({
          success: false,
          errorCode: 'BAD_INPUT',
          errorMessage: 'This value is not valid.',
          showType: ShowType.warning,
        });
      }
      if (state === '23505') {
        // Two requests raced to create the same thing (one e-mail registered twice at once).
        return reply.code(409).send({
          success: false,
          errorCode: 'CONFLICT',
          errorMessage: 'This record already exists.',
          showType: ShowType.error,
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match its schema');
      } else if (error.statusCode === 429) {
        return reply.code(429).send({
          success: false,
          errorCode: 'TOO_MANY_REQUESTS',
          errorMessage: 'Too many attempts. Try again later.',
          showType: ShowType.warning,
        });
      } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own refusals: malformed JSON, unsupported media type, body too large.
        return reply.code(error.statusCode).send({
          success: false,
          errorCode: error.code ?? 'BAD_REQUEST',
          errorMessage: error.message,
          showType: ShowType.error,
        });
      } else {
        request.log.error({ err: error }, 'request failed');
      }
      return reply.code(500).send({
        success: false,
        errorCode: 'INTERNAL',
        errorMessage: DEFAULT_ERROR_MESSAGE,
        showType: ShowType.error,
      });
    });
  },
  { name: 'errors' },
);
