import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FakeRevisions } from '../shared/fake-revisions';
import { DAY_MS, decodeToken, encodeToken } from '../shared/fake-data';
import type { FakeOptions } from '../types';
import { fitbitManifest as manifest } from '@healthfolio/connectors/protocol';
import {
  dateOf,
  heartPoints,
  HEALTH_USER_ID,
  LEGACY_USER_ID,
  localDay,
  restingPoints,
  sleepPoints,
  stepPoints,
  weightPoints,
  type Generated,
} from './wearer-year';

interface Collection {
  field: string;
  dates?: boolean;
  defaultPage: number;
  maxPage: number;
  make(from: number, to: number, dates: [string, string], lastDay: number): Generated[];
}

const COLLECTIONS: Record<string, Collection> = {
  steps: {
    field: 'steps.interval.start_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: (a, b) => stepPoints('steps', a, b),
  },
  distance: {
    field: 'distance.interval.start_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: (a, b) => stepPoints('distance', a, b),
  },
  'heart-rate': {
    field: 'heart_rate.sample_time.physical_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: heartPoints,
  },
  'daily-resting-heart-rate': {
    field: 'daily_resting_heart_rate.date',
    dates: true,
    defaultPage: 1440,
    maxPage: 10_000,
    make: (_a, _b, [from, to], lastDay) => restingPoints(from, to, lastDay),
  },
  sleep: { field: 'sleep.interval.end_time', defaultPage: 25, maxPage: 25, make: sleepPoints },
  weight: {
    field: 'weight.sample_time.physical_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: weightPoints,
  },
};

/** The AIP-160 subset the sandbox reads: `field >= "…"` and `field < "…"` joined with AND. */
function parseFilter(filter: string | undefined, field: string): { from?: string; to?: string } | string {
  if (!filter) return {};
  const bounds: { from?: string; to?: string } = {};
  for (const clause of filter.split(/\s+AND\s+/)) {
    const match = /^\s*([a-z_.]+)\s*(>=|<)\s*"([^"]+)"\s*$/.exec(clause);
    if (!match) return `Invalid filter clause: ${clause}`;
    if (match[1] !== field) return `Invalid filter field "${match[1]}"; this data type filters on ${field}`;
    if (match[2] === '>=') bounds.from = match[3];
    else bounds.to = match[3];
  }
  return bounds;
}

interface Query {
  filter?: string;
  pageSize?: string;
  pageToken?: string;
}

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
};
const googleError = (code: number, message: string) => ({
  error: { code, message, status: STATUS[code] ?? 'UNKNOWN' },
});

/**
 * A fake of the Google Health API v4 (https://developers.google.com/health/reference/rest): Google OAuth 2.0
 * (consent page, code with PKCE, refresh, revoke) through FakeOAuth at Google's paths, and
 * `GET /v4/users/me/dataTypes/{type}/dataPoints` and `…/dataPoints:reconcile` with the documented filter
 * fields, `pageSize` (25 at most for sleep), `pageToken`/`nextPageToken`, newest first, int64 values as
 * strings, offsets as durations, and Google's `{error: {code, message, status}}` errors (401, 429 with
 * Retry-After on request). A year of the sandbox person's data, the same on every run;
 * `control.revise(id, fields)` / `deleteRecord(id)` change or delete a point with an id (a sleep, a
 * weigh-in) by its id, `fields` replacing members of the point (`{ sleep: {…} }`).
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(
    // Google's access tokens live an hour, less a second.
    { ...options, tokenTtlSeconds: options.tokenTtlSeconds ?? 3_599 },
    {
      authorize: manifest.oauth!.authorizePath,
      token: manifest.oauth!.tokenPath,
      revoke: manifest.oauth!.revokePath!,
      providerName: 'Google Health (Fitbit)',
      scopes: manifest.oauth!.scopes,
    },
  );
  oauth.register(app);
  oauth.expose(options.control);
  // A point a test revised or deleted, by its id (the last segment of its `name`): a sleep, a weigh-in.
  const revisions = new FakeRevisions();
  revisions.expose(options.control);
  const answered = (g: Generated): Generated | undefined => {
    const id = g.name?.split('/').pop();
    if (id === undefined) return g;
    const body = revisions.apply(id, g.body);
    return body && { ...g, body };
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.includes('/v4/') || (reply.statusCode !== 401 && reply.statusCode !== 429)) {
      return payload;
    }
    reply.type('application/json');
    return JSON.stringify(
      reply.statusCode === 401
        ? googleError(
            401,
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          )
        : googleError(
            429,
            "Quota exceeded for quota metric 'Requests per user' of service 'health.googleapis.com'.",
          ),
    );
  });

  app.get(
    '/v4/users/:user/dataTypes/:dataType/:method',
    async (
      request: FastifyRequest<{
        Params: { user: string; dataType: string; method: string };
        Querystring: Query;
      }>,
      reply: FastifyReply,
    ) => {
      const { user, dataType, method } = request.params;
      if (method !== 'dataPoints' && method !== 'dataPoints:reconcile') {
        return reply.status(404).send(googleError(404, `Method not found: ${method}`));
      }
      if (!oauth.authenticate(request, reply)) return reply;
      if (user !== 'me' && user !== HEALTH_USER_ID) {
        return reply.status(404).send(googleError(404, `User ${user} not found`));
      }
      const collection = COLLECTIONS[dataType];
      if (!collection) return reply.send({}); // a data type the sandbox person has no data of
      const bounds = parseFilter(request.query.filter, collection.field);
      if (typeof bounds === 'string') return reply.status(400).send(googleError(400, bounds));

      const at = now();
      const yearStart = at - 365 * DAY_MS;
      const lastDay = localDay(at);
      const dates: [string, string] = [
        bounds.from ?? dateOf(lastDay - 365),
        bounds.to ?? dateOf(lastDay + 1),
      ];
      const instant = (text: string | undefined, fallback: number) =>
        text === undefined ? fallback : Date.parse(text);
      const from = collection.dates ? yearStart : Math.max(yearStart, instant(bounds.from, yearStart));
      const to = collection.dates ? at : Math.min(at, instant(bounds.to, at));
      if (!collection.dates && (!Number.isFinite(from) || !Number.isFinite(to))) {
        return reply.status(400).send(googleError(400, 'Timestamp literals must be RFC 3339'));
      }
      if (collection.dates && ![dates[0], dates[1]].every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) {
        return reply.status(400).send(googleError(400, 'Date literals must be YYYY-MM-DD'));
      }
      const all = (from < to || collection.dates ? collection.make(from, to, dates, lastDay) : [])
        .flatMap((g) => answered(g) ?? [])
        .filter((g) => collection.dates || (g.key as number) <= at)
        .sort((a, b) => b.order - a.order);

      const requested = Number(request.query.pageSize);
      const size = Math.min(collection.maxPage, requested > 0 ? requested : collection.defaultPage);
      const offset = decodeToken(request.query.pageToken);
      const reconcile = method === 'dataPoints:reconcile';
      const dataPoints = all.slice(offset, offset + size).map((g) =>
        reconcile
          ? { ...(g.name ? { dataPointName: g.name } : {}), ...g.body }
          : {
              ...(g.name ? { name: g.name } : {}),
              ...(g.dataSource ? { dataSource: g.dataSource } : {}),
              ...g.body,
            },
      );
      const next = offset + size < all.length ? encodeToken(offset + size) : undefined;
      return reply.send({ dataPoints, ...(next ? { nextPageToken: next } : {}) });
    },
  );

  app.get('/v4/users/me/identity', async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send({
      name: 'users/me/identity',
      healthUserId: HEALTH_USER_ID,
      legacyUserId: LEGACY_USER_ID,
    });
  });
};
