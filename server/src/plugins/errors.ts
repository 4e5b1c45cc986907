/**
 * The error handler: every failure leaves as `{ error: { code, message, fields? } }` with a 4xx/5xx status.
 * 5xx bodies never carry internals; the details go to the log only.
 */
import { ErrorCodes } from '@strand/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.js';

/**
 * PostgreSQL data exceptions that only a client's value causes, with the answer (400). The schemas admit any safe
 * integer as an id and any text, but PostgreSQL's integer columns end at 2^31-1 (22003) and its text cannot hold a
 * NUL character (22021, 22P05); SQLite takes both. Found by the schema-driven fuzzer's inputs.
 */
const PG_CLIENT_DATA_ERRORS: Record<string, string> = {
  '22003': 'A number in the request is out of range.',
  '22021': 'Text in the request holds a character that cannot be stored (such as a NUL).',
  '22P05': 'Text in the request holds a character that cannot be stored (such as a NUL).',
};

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send({
        error: {
          code: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
          ...(err.retryAfterSeconds !== undefined ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (CONTEXT_NAMES[err.validationContext ?? ''] ?? 'request');
        fields[name] ??= issue.message ?? 'Invalid value.';
      }
      const names = Object.keys(fields);
      const first = names[0] ?? 'request';
      const message =
        names.length === 1 ? `${first}: ${fields[first]}` : `Please correct these fields: ${names.join(', ')}.`;
      return reply.status(400).send({ error: { code: ErrorCodes.validation, message, fields } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ issues: err.cause.issues, url: err.url }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ error: { code: ErrorCodes.internal, message: 'Something went wrong on our side.' } });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({
        error: { code: ErrorCodes.tooLarge, message: 'The request body is too large.', fields: { body: 'Too large.' } },
      });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ error: { code: ErrorCodes.badRequest, message: 'Send the request body as application/json.' } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: a body it could not parse names the body; others keep their status.
      const isBody = err.code?.startsWith('FST_ERR_CTP') || err instanceof SyntaxError;
      const message = isBody
        ? err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty; send a JSON object.'
          : 'The request body is not valid JSON.'
        : err.message;
      const code = status === 403 ? ErrorCodes.forbidden : status === 404 ? ErrorCodes.notFound : ErrorCodes.badRequest;
      return reply.status(status).send({ error: { code, message, ...(isBody ? { fields: { body: message } } : {}) } });
    }
    const dataError = err.code === undefined ? undefined : PG_CLIENT_DATA_ERRORS[err.code];
    if (dataError) return reply.status(400).send({ error: { code: ErrorCodes.validation, message: dataError } });
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: ErrorCodes.internal, message: 'Something went wrong on our side.' } });
  });
}
