import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers with a CSP strict enough for the SPA: scripts only from this origin, no framing,
 * no plugins. MUI's emotion injects <style> tags at run time, hence 'unsafe-inline' for styles only.
 *
 * Helmet's middleware is made once and applied to every request. (The @fastify/helmet plugin made it
 * again for every request, parsing the CSP each time, in two async hooks: about 45 µs of every answer,
 * a tenth of the server's work to refuse a locked-out sign-in.)
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    /** HSTS only when the server is reached over https (PUBLIC_URL): over http it would be ignored or lock out. */
    hsts?: boolean;
    /** Origins scripts may send to besides this one: the analytics collector, only once one is configured. */
    connectSrc?: string[];
  } = {},
): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.connectSrc ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  // Health data never waits in a browser's or a proxy's cache (a shared computer keeps what it caches):
  // every API answer is no-store, unless a route chose a stricter value itself.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
