import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { dayOf } from '../shared/fake-data';
import type { FakeOptions } from '../types';
import { DISCIPLINES, listed, performanceGraph, USER_ID, workoutsOf, type Generated } from './member-year';

/** The sandbox member signs in with any email or username and this password. */
export const SANDBOX_PASSWORD = 'sandbox';
const MAX_LIMIT = 100;
/** Peloton sessions last weeks; the fake's last 30 days unless a test says otherwise. */
const DEFAULT_TTL_S = 30 * 86_400;

interface Session {
  expiresAt: number;
  revoked: boolean;
}

const errorBody = (
  status: number,
  message: string,
  details: string | null = null,
  code: number | null = null,
) => ({
  status,
  error_code: code,
  message,
  details,
  subcode: null,
});

/**
 * A fake of Peloton's members API as the public client libraries use it (the unofficial SwaggerHub
 * reference, geudrik/peloton-client-library, pablaber/peloton-client-node): `POST /auth/login` answering
 * `{ session_id, user_id }` and the `peloton_session_id` cookie, `GET /api/me`, the paged
 * `GET /api/user/{id}/workouts` (data, page, page_count, total, limit; newest first) and
 * `GET /api/workout/{id}/performance_graph`. A wrong password gets Peloton's 401 body; a lost session
 * 401; every n-th request 429 with Retry-After when asked. Data: a year of classes, the same every run.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const ttl = options.tokenTtlSeconds ?? DEFAULT_TTL_S;
  const sessions = new Map<string, Session>();
  let every = options.rateLimitEvery ?? 0;
  let counter = 0;
  let answered = 0;
  if (options.control) {
    options.control.expireTokens = () => {
      for (const s of sessions.values()) s.expiresAt = 0;
    };
    options.control.revokeGrants = () => {
      for (const s of sessions.values()) s.revoked = true;
    };
    options.control.requests = () => answered;
    options.control.rateLimitEvery = (n) => {
      every = n;
    };
  }

  // The workouts of the year before `now`, newest first; rebuilt when the day changes.
  let cache: { day: number; list: Generated[]; byId: Map<string, Generated> } | undefined;
  const workouts = () => {
    const today = dayOf(now());
    if (cache?.day !== today) {
      const list: Generated[] = [];
      for (let day = today - 365; day <= today; day++) list.push(...workoutsOf(day));
      const finished = list.filter((w) => w.end * 1000 <= now()).sort((a, b) => b.start - a.start);
      cache = { day: today, list: finished, byId: new Map(finished.map((w) => [w.id, w])) };
    }
    return cache;
  };

  /** Guards a members endpoint: 401 without a live session, 429 on every n-th call when asked. */
  const authenticate = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const id = /(?:^|;\s*)peloton_session_id=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    const session = id ? sessions.get(id) : undefined;
    if (!session || session.revoked || session.expiresAt <= now()) {
      void reply.status(401).send(errorBody(401, 'Login required'));
      return false;
    }
    counter++;
    if (every > 0 && counter % every === 0) {
      void reply.status(429).header('retry-after', '1').send(errorBody(429, 'Too Many Requests'));
      return false;
    }
    answered++;
    return true;
  };

  app.post('/auth/login', async (request, reply) => {
    const body = (request.body ?? {}) as { username_or_email?: unknown; password?: unknown };
    if (typeof body.username_or_email !== 'string' || typeof body.password !== 'string') {
      return reply.status(400).send(errorBody(400, 'username_or_email and password are required'));
    }
    if (body.password !== SANDBOX_PASSWORD) {
      return reply
        .status(401)
        .send(
          errorBody(
            401,
            'Login failed',
            `Sandbox: sign in with any email and the password "${SANDBOX_PASSWORD}"`,
            3010,
          ),
        );
    }
    const sessionId = randomBytes(16).toString('hex');
    sessions.set(sessionId, { expiresAt: now() + ttl * 1000, revoked: false });
    return reply
      .header('set-cookie', `peloton_session_id=${sessionId}; Path=/; Secure; HttpOnly; SameSite=None`)
      .send({
        session_id: sessionId,
        user_id: USER_ID,
        pubsub_session: { 'sandbox-channel': randomBytes(8).toString('hex') },
      });
  });

  app.get('/api/me', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    const { list } = workouts();
    return reply.send({
      id: USER_ID,
      username: 'SandboxRider',
      email: 'sandbox@example.com',
      first_name: 'Sandbox',
      last_name: 'Rider',
      name: 'Sandbox Rider',
      location: 'New York, NY',
      is_profile_private: true,
      total_workouts: list.length,
      last_workout_at: list[0]?.start ?? null,
      default_max_heart_rate: 186,
      weight: 150,
      height: 68,
    });
  });

  app.get(
    '/api/user/:userId/workouts',
    async (
      request: FastifyRequest<{
        Params: { userId: string };
        Querystring: { limit?: string; page?: string; sort_by?: string };
      }>,
      reply,
    ) => {
      if (!authenticate(request, reply)) return reply;
      if (request.params.userId !== USER_ID) {
        return reply.status(403).send(errorBody(403, 'This profile is private'));
      }
      const limit = Math.min(MAX_LIMIT, Math.max(1, Number(request.query.limit) || 20));
      const page = Math.max(0, Math.floor(Number(request.query.page) || 0));
      const all = workouts().list;
      const sorted = request.query.sort_by === 'created' ? [...all].reverse() : all;
      const data = sorted.slice(page * limit, (page + 1) * limit).map(listed);
      const pageCount = Math.ceil(all.length / limit);
      return reply.send({
        data,
        limit,
        page,
        total: all.length,
        count: data.length,
        page_count: pageCount,
        show_previous: page > 0,
        show_next: page + 1 < pageCount,
        sort_by: request.query.sort_by ?? '-created',
        next: null,
        summary: Object.fromEntries(
          DISCIPLINES.map((d) => [d.name, all.filter((w) => w.discipline === d).length]),
        ),
      });
    },
  );

  app.get(
    '/api/workout/:id/performance_graph',
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: { every_n?: string } }>, reply) => {
      if (!authenticate(request, reply)) return reply;
      const workout = workouts().byId.get(request.params.id);
      if (!workout) return reply.status(404).send(errorBody(404, 'Workout not found'));
      const everyN = Math.min(600, Math.max(1, Math.floor(Number(request.query.every_n) || 5)));
      return reply.send(performanceGraph(workout, everyN));
    },
  );
};
