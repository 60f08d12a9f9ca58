import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SharesService } from './shares.service';

/**
 * The recipient's page `/s/<token>`: the web app's index.html (the page itself reads the share), with
 * the link's HTTP status — 410 once revoked or expired, 404 for an unknown token — and never cached.
 */
export function registerSharePage(app: FastifyInstance, shares: SharesService, webDist: string): void {
  app.get<{ Params: { token: string } }>('/s/:token', async (request, reply) => {
    const status = await shares.linkStatus(request.params.token);
    void reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const html = await fs.readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => null);
    if (html === null) {
      const words = {
        200: 'This share is active.',
        404: 'This share link does not exist.',
        410: 'This share is no longer available.',
      };
      return reply.type('text/plain; charset=utf-8').send(words[status]);
    }
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
