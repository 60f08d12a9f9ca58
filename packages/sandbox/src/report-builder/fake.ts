import { SANDBOX_FEED_KEY } from '@healthfolio/connectors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, dayOf, gauss, isoWithOffset, seeded } from '../shared/fake-data';
import type { FakeOptions } from '../types';

const OFFSET = 60;
const DAYS = 180;
const PAGE_DAYS = 60;

interface Query {
  since?: string;
  page?: string;
}

/** The days of one page of the feed: newest window of DAYS before `now`, from `since` on, in order. */
function pageDays(now: number, query: Query): { days: number[]; more: boolean } {
  const last = dayOf(now) - 1;
  const since = query.since ? Date.parse(query.since) : Number.NaN;
  const first = Math.max(last - DAYS + 1, Number.isFinite(since) ? dayOf(since) : -Infinity);
  const page = Math.max(0, Number(query.page ?? 0) || 0);
  const from = first + page * PAGE_DAYS;
  const to = Math.min(last, from + PAGE_DAYS - 1);
  const days: number[] = [];
  for (let d = from; d <= to; d++) days.push(d);
  return { days, more: to < last };
}

const weightOf = (day: number) =>
  Math.round((78 - (day % 400) * 0.004 + gauss(seeded(day * 5 + 1)) * 0.3) * 10) / 10;
const restingOf = (day: number) => Math.round(57 + gauss(seeded(day * 5 + 2)) * 2);
const morning = (day: number) => day * DAY_MS + 7 * 3_600_000 - OFFSET * 60_000;

/**
 * A report builder's feed, as a person might point Healthfolio at: our own JSON at /feed and a FHIR
 * searchset at /fhir, both paged by next links, behind a bearer key; 401 for a wrong key and 429 with
 * Retry-After when asked to. Half a year of morning weights and resting heart rates, the same every run.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  let requests = 0;
  let rateEvery = options.rateLimitEvery ?? 0;
  let counter = 0;
  let revoked = false;
  if (options.control) {
    options.control.requests = () => requests;
    options.control.rateLimitEvery = (n) => void (rateEvery = n);
    options.control.revokeGrants = () => void (revoked = true);
  }

  const guard = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const accepted = key === SANDBOX_FEED_KEY || (!!options.clientSecret && key === options.clientSecret);
    if (!accepted || revoked) {
      void reply.status(401).send({ error: 'invalid_key', message: 'Unknown or revoked key' });
      return false;
    }
    if (rateEvery > 0 && ++counter % rateEvery === 0) {
      void reply.status(429).header('retry-after', '1').send({ error: 'rate_limited' });
      return false;
    }
    requests++;
    return true;
  };
  const nextUrl = (request: FastifyRequest, path: string, query: Query) => {
    const url = new URL(`${request.protocol}://${request.host}${app.prefix}${path}`);
    if (query.since) url.searchParams.set('since', query.since);
    url.searchParams.set('page', String((Number(query.page ?? 0) || 0) + 1));
    return url.toString();
  };

  app.get<{ Querystring: Query }>('/feed', async (request, reply) => {
    if (!guard(request, reply)) return reply;
    const { days, more } = pageDays(now(), request.query);
    return {
      samples: days.flatMap((day) => [
        {
          type: 'weight',
          value: weightOf(day),
          unit: 'kg',
          start: isoWithOffset(morning(day), OFFSET),
          device: 'Bathroom scale',
          id: `w-${day}`,
        },
        {
          type: 'resting_heart_rate',
          value: restingOf(day),
          unit: 'bpm',
          start: isoWithOffset(morning(day) - 30 * 60_000, OFFSET),
          id: `rhr-${day}`,
        },
      ]),
      next: more ? nextUrl(request, '/feed', request.query) : null,
    };
  });

  app.get<{ Querystring: Query }>('/fhir', async (request, reply) => {
    if (!guard(request, reply)) return reply;
    const { days, more } = pageDays(now(), request.query);
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      link: more ? [{ relation: 'next', url: nextUrl(request, '/fhir', request.query) }] : [],
      entry: days.map((day) => ({
        resource: {
          resourceType: 'Observation',
          id: `weight-${day}`,
          status: 'final',
          category: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                  code: 'vital-signs',
                },
              ],
            },
          ],
          code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
          effectiveDateTime: isoWithOffset(morning(day), OFFSET),
          valueQuantity: {
            value: weightOf(day),
            unit: 'kg',
            system: 'http://unitsofmeasure.org',
            code: 'kg',
          },
        },
      })),
    };
  });
};
