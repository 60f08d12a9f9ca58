import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** What a worker-only instance answers: its liveness and readiness, for the balancer or orchestrator. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * ROLE=worker: the instance runs jobs and serves nobody. Every request but the two probes answers 404 in
 * the API's envelope, saying where requests belong, before any route, session or body is looked at.
 */
export function serveProbesOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0]!;
    if (PROBES.has(path)) return;
    throw new AppError(
      'not_found',
      'This instance runs background work only (ROLE=worker): send requests to an instance with ROLE=web or all.',
    );
  });
}
