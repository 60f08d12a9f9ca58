import type { FastifyRequest } from 'fastify';

const INGEST_PATH = /^(\/api\/ingest\/)[^/?#]+/;

/** The URL as logs may show it: an ingest URL's token is its credential, so it becomes "[redacted]". */
export const redactIngestUrl = (url: string): string => url.replace(INGEST_PATH, '$1[redacted]');

/**
 * Fastify's own request serializer, with ingest tokens taken out of the URL (`redact` paths cannot
 * rewrite part of a string).
 */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactIngestUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
