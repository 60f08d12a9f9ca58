import { JsonDepthError, MAX_JSON_DEPTH, parseJson } from '@healthfolio/importers';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * The API's JSON bodies (issue #24): nesting deeper than MAX_JSON_DEPTH is refused with 400 before an
 * object is built, and `__proto__` keys are dropped rather than refused (Fastify's default answers 400
 * for them), so no handler ever sees one. The body limit still applies (BODY_LIMIT_BYTES).
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, readJsonBody(body as string, 'The JSON body'));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/** A body as JSON, or a readable refusal naming `what` ("The JSON body", "The body"). */
export function readJsonBody(raw: string, what: string, hint = ''): unknown {
  // A byte-order mark is not JSON, but senders write one (Fastify's own parser passed over it too).
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.length === 0) throw new AppError('bad_request', `${what} is empty${hint}.`);
  try {
    return parseJson(text);
  } catch (error) {
    if (error instanceof JsonDepthError) {
      throw new AppError(
        'bad_request',
        `${what} nests deeper than ${MAX_JSON_DEPTH} levels; it was not read${hint}.`,
      );
    }
    const why = error instanceof Error ? ` (${error.message})` : '';
    throw new AppError('bad_request', `${what} is not valid JSON${why}${hint}.`);
  }
}
