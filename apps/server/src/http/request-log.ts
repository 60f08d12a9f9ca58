import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged at warn, whatever its answer. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request instead of Fastify's two (incoming, completed): at debug (`LOG_LEVEL=debug` shows
 * them), a server error or a request slower than a second at warn, a failure at error — so the terminal of
 * `npm start` stays quiet until something needs a look. Fastify's documented extension point for its
 * request log lines (the `logController` option).
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // In ms to a hundredth: a fast answer's time (the sign-in flood bench reads these at debug) is well under 1.
    const responseTime = Math.round(reply.elapsedTime * 100) / 100;
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500 || responseTime > SLOW_REQUEST_MS)
      reply.log.warn(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}
