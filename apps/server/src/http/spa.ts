import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Serves the built SPA. Unknown /api paths answer 404 in the envelope; any other unknown path gets
 * index.html so the client router can show the page (or its own not-found page).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app is not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('not_found', `No API route ${request.method} ${pathname}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('not_found', `Cannot ${request.method} ${pathname}`);
    }
    if (!hasBuild) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    if (path.extname(pathname) !== '') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
