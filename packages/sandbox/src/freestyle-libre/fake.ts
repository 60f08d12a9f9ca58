import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FakeOptions } from '../types';
import { libreAccountIdOf as accountIdOf } from '@healthfolio/connectors/protocol';
import { history, item, latest, logbook, type Reading } from './fake-glucose';

/** The sandbox follower signs in with any email and this password. */
export const SANDBOX_PASSWORD = 'sandbox';
/** Every sandbox account lives in this region: the global host redirects there. */
export const SANDBOX_REGION = 'eu';
const FOLLOWER_ID = '7b3e2c10-5a4f-11ef-9c2a-0242ac120002';
const PATIENT_ID = 'c5d9a8e2-5a4f-11ef-8d11-0242ac120003';
const MINIMUM_VERSION = [4, 16, 0];
/** LibreLinkUp tickets last six months. */
const DEFAULT_TTL_S = 180 * 86_400;

interface Session {
  expiresAt: number;
  revoked: boolean;
}

const older = (version: string | undefined) => {
  const parts = (version ?? '').split('.').map(Number);
  for (let i = 0; i < MINIMUM_VERSION.length; i++) {
    const part = parts[i] ?? 0;
    if (!Number.isFinite(part)) return true;
    if (part !== MINIMUM_VERSION[i]) return part < MINIMUM_VERSION[i]!;
  }
  return false;
};

/**
 * A fake of the LibreLinkUp API as the community documents it: `POST /llu/auth/login` (a region redirect
 * at the global host, the sign-in at `/<region>`; wrong password `{status: 2}`; `{status: 920}` for an app
 * version before 4.16), `GET /llu/connections`, `/llu/connections/{patientId}/graph` and `/logbook`, each
 * needing the app's `product`/`version` headers and `Account-Id` (SHA-256 of the user id); 401 for an
 * expired or revoked ticket, 429 with Retry-After when asked. Data routes answer at both hosts.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const sessions = new Map<string, Session>();
  let counter = 0;
  let answered = 0;
  let rateLimitEvery = options.rateLimitEvery ?? 0;
  if (options.control) {
    options.control.expireTokens = () => {
      for (const s of sessions.values()) s.expiresAt = 0;
    };
    options.control.revokeGrants = () => {
      for (const s of sessions.values()) s.revoked = true;
    };
    options.control.requests = () => answered;
    options.control.rateLimitEvery = (n) => {
      rateLimitEvery = n;
    };
  }

  const ticketOf = (token: string) => {
    const session = sessions.get(token)!;
    return {
      token,
      expires: Math.floor(session.expiresAt / 1000),
      duration: (options.tokenTtlSeconds ?? DEFAULT_TTL_S) * 1000,
    };
  };

  /** The app's headers, else LibreLinkUp's refusal; true when the request may go on. */
  const appHeaders = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (request.headers.product !== 'llu.android' || older(request.headers.version as string | undefined)) {
      void reply.status(200).send({
        status: 920,
        data: { minimumVersion: MINIMUM_VERSION.join('.') },
        error: { message: 'minimumVersion' },
      });
      return false;
    }
    return true;
  };

  /** Guards a data route: the app's headers, a live ticket, the Account-Id, the rate limit. */
  const guard = (request: FastifyRequest, reply: FastifyReply): string | undefined => {
    if (!appHeaders(request, reply)) return undefined;
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const session = token ? sessions.get(token) : undefined;
    if (!token || !session || session.revoked || session.expiresAt <= now()) {
      void reply.status(401).send({ message: 'invalid or expired jwt' });
      return undefined;
    }
    if (request.headers['account-id'] !== accountIdOf(FOLLOWER_ID)) {
      void reply.status(403).send({ message: 'RequiredHeaderMissing' });
      return undefined;
    }
    counter++;
    if (rateLimitEvery > 0 && counter % rateLimitEvery === 0) {
      void reply.status(429).header('retry-after', '1').send({ message: 'Too Many Requests' });
      return undefined;
    }
    answered++;
    return token;
  };

  const sensor = () => ({
    deviceId: '',
    sn: '0M0008B8CX',
    a: Math.floor((now() - 6 * 86_400_000) / 1000),
    w: 60,
    pt: 4,
    s: false,
    lj: false,
  });
  const device = {
    did: 'f1f5b8ac-5a4f-11ef-a8e3-0242ac120004',
    dtid: 40068,
    v: '3.6.5',
    ll: 70,
    hl: 250,
    u: 0,
    fixedLowAlarmValues: { mgdl: 60, mmoll: 3.3 },
    alarms: true,
    fixedLowThreshold: 60,
  };
  const connection = () => {
    const current = item(latest(now()));
    return {
      id: PATIENT_ID,
      patientId: PATIENT_ID,
      country: 'DE',
      status: 2,
      firstName: 'Mia',
      lastName: 'Novak',
      targetLow: 70,
      targetHigh: 180,
      uom: 1,
      sensor: sensor(),
      alarmRules: {
        c: true,
        h: { on: true, th: 250, thmm: 13.9, d: 1440, f: 0.1 },
        f: { th: 55, thmm: 3, d: 30, tl: 10, tlmm: 0.6 },
        l: { on: true, th: 70, thmm: 3.9, d: 1440, tl: 10, tlmm: 0.6 },
        nd: { i: 20, r: 5, l: 6 },
        p: 5,
        r: 5,
        std: {},
      },
      glucoseMeasurement: current,
      glucoseItem: current,
      glucoseAlarm: null,
      patientDevice: device,
      created: 1_700_000_000,
    };
  };

  const routes = (scope: FastifyInstance, region: string | null) => {
    scope.post('/llu/auth/login', async (request, reply) => {
      if (!appHeaders(request, reply)) return reply;
      if (region !== SANDBOX_REGION) {
        return reply.send({ status: 0, data: { redirect: true, region: SANDBOX_REGION } });
      }
      const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
      if (typeof body.email !== 'string' || body.password !== SANDBOX_PASSWORD) {
        return reply.send({ status: 2, error: { message: 'notAuthenticated' } });
      }
      const token = randomBytes(24).toString('base64url');
      sessions.set(token, {
        expiresAt: now() + (options.tokenTtlSeconds ?? DEFAULT_TTL_S) * 1000,
        revoked: false,
      });
      return reply.send({
        status: 0,
        data: {
          user: {
            id: FOLLOWER_ID,
            firstName: 'Sam',
            lastName: 'Novak',
            email: body.email,
            country: 'DE',
            uiLanguage: 'en-GB',
            communicationLanguage: 'en-GB',
            accountType: 'pat',
            uom: '1',
            dateFormat: '2',
            timeFormat: '2',
            created: 1_700_000_000,
            lastLogin: Math.floor(now() / 1000),
          },
          messages: { unread: 0 },
          notifications: { unresolved: 0 },
          authTicket: ticketOf(token),
          invitations: null,
        },
      });
    });

    scope.get('/llu/connections', async (request, reply) => {
      const token = guard(request, reply);
      if (!token) return reply;
      return reply.send({ status: 0, data: [connection()], ticket: ticketOf(token) });
    });

    const patientRoute = (path: string, body: (token: string) => unknown) =>
      scope.get(path, async (request: FastifyRequest<{ Params: { patientId: string } }>, reply) => {
        const token = guard(request, reply);
        if (!token) return reply;
        if (request.params.patientId !== PATIENT_ID) {
          return reply.status(400).send({ status: 400, error: { message: 'MissingCachedUser' } });
        }
        return reply.send(body(token));
      });

    patientRoute('/llu/connections/:patientId/graph', (token) => ({
      status: 0,
      data: {
        connection: connection(),
        activeSensors: [{ sensor: sensor(), device }],
        graphData: history(now() - 12 * 3_600_000, now() - 60_000).map((r: Reading) => item(r)),
      },
      ticket: ticketOf(token),
    }));

    patientRoute('/llu/connections/:patientId/logbook', (token) => ({
      status: 0,
      data: logbook(now()).map((r) => item(r)),
      ticket: ticketOf(token),
    }));
  };

  routes(app, null);
  await app.register(
    async (scope) => {
      routes(scope, SANDBOX_REGION);
    },
    { prefix: `/${SANDBOX_REGION}` },
  );
};
