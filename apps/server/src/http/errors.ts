import { errorStatus, type ErrorCode } from '@healthfolio/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * An error meant for the client: its code and message reach the response as they are. It is an answer,
 * not a fault, so it carries no stack: capturing one (through Fastify's and the route's async frames)
 * was the largest single cost of refusing a locked-out sign-in, about 50 µs of 370.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** `status` overrides the catalogue's, e.g. a wrong current password is 400, not a 401 that signs out. */
    readonly options: { details?: unknown; headers?: Record<string, string>; status?: number } = {},
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'AppError';
    this.status = options.status ?? errorStatus[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);

function describeValidation(error: FastifyError): { message: string; details: unknown } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => {
      const field = [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.');
      return { field, message: v.message ?? 'is invalid' };
    });
    const first = issues[0];
    return { message: first ? `${first.field}: ${first.message}` : 'Invalid request', details: issues };
  }
  return { message: error.message, details: undefined };
}

/** Every error leaves the server in the `{"error": {"code", "message"}}` envelope. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) void reply.headers(error.options.headers);
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.options.details ? { details: error.options.details } : {}),
        },
      });
    }
    if (error.validation) {
      const { message, details } = describeValidation(error);
      return reply.status(400).send({ error: { code: 'validation', message, details } });
    }
    const status = error.statusCode ?? 500;
    if (isResponseSerializationError(error) || status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
    }
    const code = codeByStatus[status] ?? 'bad_request';
    return reply.status(status).send({ error: { code, message: error.message } });
  });
}

/** Fastify's own 4xx errors (bad JSON, unsupported media type …) get the catalogue's code for their status. */
const codeByStatus: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};
