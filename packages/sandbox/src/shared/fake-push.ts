import type { FastifyInstance } from 'fastify';
import type { FakeOptions } from '../types';

/** The client secret a server gives its sandbox providers (apps/server sources/endpoints.ts), for signing. */
export const SANDBOX_SECRET = 'sandbox-secret';

/**
 * The developer portal's "webhook URL" field of providers whose callback is set by hand in their portal
 * (WHOOP's dashboard, Garmin's endpoint configuration), as the fake's stand-in: `PUT <path>` with JSON
 * `{client_id, client_secret, url}` sets it (one per app, as the portals have), `DELETE <path>` with the
 * same credentials clears it, `GET <path>?client_id=…&client_secret=…` answers `{url}`. Nothing of this is
 * the provider's API: a server calls it only for a sandbox connection.
 */
export class FakePortal {
  private url: string | undefined;
  private origin: string | undefined;

  constructor(private readonly options: FakeOptions) {}

  /** Where the fake pushes, when an app has set it. */
  get callback(): string | undefined {
    return this.url;
  }

  /** Where the fake itself is reached (its mount included), as the app that set the URL called it. */
  get base(): string | undefined {
    return this.origin;
  }

  register(app: FastifyInstance, path = '/sandbox-portal/webhook'): void {
    const ok = (c: Record<string, unknown>) =>
      (!this.options.clientId || c.client_id === this.options.clientId) &&
      (!this.options.clientSecret || c.client_secret === this.options.clientSecret);
    app.put(path, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (!ok(body)) return reply.status(401).send({ message: 'Invalid client credentials' });
      if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) {
        return reply.status(400).send({ message: 'url must be an http(s) URL' });
      }
      this.url = body.url;
      this.origin = `${request.protocol}://${request.host}${app.prefix}`;
      return reply.send({ url: this.url });
    });
    app.delete(path, async (request, reply) => {
      const body = { ...(request.query as object), ...((request.body ?? {}) as object) };
      if (!ok(body as Record<string, unknown>)) {
        return reply.status(401).send({ message: 'Invalid client credentials' });
      }
      this.url = undefined;
      return reply.status(204).send();
    });
    app.get(path, async (request, reply) => {
      if (!ok(request.query as Record<string, unknown>)) {
        return reply.status(401).send({ message: 'Invalid client credentials' });
      }
      return reply.send({ url: this.url ?? null });
    });
  }
}

/** POSTs one push to a callback; answers its HTTP status (0 when it could not be reached). */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<number> {
  try {
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Calls `look(from, to)` every `options.pushEveryMs` (default 30 s; 0: never) with the span of the fake's
 * clock since the last look, so a fake pushes the records that appeared in it, as its provider does.
 */
export function everyNew(
  app: FastifyInstance,
  options: FakeOptions,
  look: (from: number, to: number) => void,
): void {
  const every = options.pushEveryMs ?? 30_000;
  if (every <= 0) return;
  const now = options.now ?? Date.now;
  let last = now();
  const timer = setInterval(() => {
    const at = now();
    look(last, at);
    last = at;
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
