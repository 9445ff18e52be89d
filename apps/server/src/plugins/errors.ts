import { ERROR_CODES, englishMessages, isErrorCode, isMessageId, type MessageId, ShowType } from '@parley/api';
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
      errorCode: ERROR_CODES.badUrl,
      errorMessage: 'This address is not valid.',
      showType: ShowType.error,
    },
  };
}

/**
 * A refusal's fields, the first message of each field kept: `fields` in English, `fieldCodes` the
 * ids of the contract's messages. The request schemas report their rules by id; a rule without one
 * (a framework check) keeps its own English text and has no code.
 */
function fieldRefusals(issues: Iterable<[field: string, message: string]>): {
  fields: Record<string, string>;
  fieldCodes: Record<string, MessageId>;
} {
  const fields: Record<string, string> = {};
  const fieldCodes: Record<string, MessageId> = {};
  for (const [field, message] of issues) {
    if (field in fields) {
      continue;
    }
    fields[field] = isMessageId(message) ? englishMessages[message] : message;
    if (isMessageId(message)) {
      fieldCodes[field] = message;
    }
  }
  return { fields, fieldCodes };
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
            ...(error.fields ? fieldRefusals(Object.entries(error.fields)) : {}),
          });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = error.validationContext ?? 'body';
        const refusals = fieldRefusals(
          error.validation.map((issue) => [fieldName(issue.instancePath, context), issue.message ?? 'valueInvalid']),
        );
        return reply.code(context === 'body' ? 422 : 400).send({
          success: false,
          errorCode: ERROR_CODES.validationFailed,
          errorMessage: Object.values(refusals.fields)[0] ?? englishMessages.valueInvalid,
          showType: ShowType.warning,
          ...refusals,
        });
      }
      const state = sqlState(error);
      if (state?.startsWith('22')) {
        // A data exception: input the schema let through but PostgreSQL cannot hold (a NUL character).
        request.log.warn({ err: error }, 'input refused by the database');
        return reply.code(400).send({
          success: false,
          errorCode: ERROR_CODES.badInput,
          errorMessage: 'This value is not valid.',
          showType: ShowType.warning,
        });
      }
      if (state === '23505') {
        // Two requests raced to create the same thing (one e-mail registered twice at once).
        return reply.code(409).send({
          success: false,
          errorCode: ERROR_CODES.conflict,
          errorMessage: 'This record already exists.',
          showType: ShowType.error,
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match its schema');
      } else if (error.statusCode === 429) {
        return reply.code(429).send({
          success: false,
          errorCode: ERROR_CODES.tooManyRequests,
          errorMessage: 'Too many attempts. Try again later.',
          showType: ShowType.warning,
        });
      } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own refusals: malformed JSON, unsupported media type, body too large.
        return reply.code(error.statusCode).send({
          success: false,
          errorCode: isErrorCode(error.code) ? error.code : ERROR_CODES.badRequest,
          errorMessage: error.message,
          showType: ShowType.error,
        });
      } else {
        request.log.error({ err: error }, 'request failed');
      }
      return reply.code(500).send({
        success: false,
        errorCode: ERROR_CODES.internal,
        errorMessage: DEFAULT_ERROR_MESSAGE,
        showType: ShowType.error,
      });
    });
  },
  { name: 'errors' },
);
