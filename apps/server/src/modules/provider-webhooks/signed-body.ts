import { timingSafeEqual } from 'node:crypto';
import { parseJson } from '@healthfolio/importers';
import type { FastifyInstance } from 'fastify';

/**
 * Makes this plugin's JSON bodies arrive as the raw string the provider signed (its own parser, in place of
 * the API's), for a receiver that checks an HMAC over the exact bytes before parsing them.
 */
export function readJsonRaw(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
}

/** Whether a signature header equals the one computed here, compared in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A verified body as JSON, through the API's guarded parser (nesting past 64 levels refused, `__proto__`
 * keys dropped); undefined when it is not JSON, for the receiver's schema to refuse in words.
 */
export function parseSignedBody(raw: string): unknown {
  try {
    return parseJson(raw);
  } catch {
    return undefined;
  }
}
