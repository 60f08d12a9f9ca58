import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FhirCorrections } from '../shared/fhir-corrections';
import type { FakeOptions } from '../types';
import {
  MEDICARE_EOB_PAGE_SIZE as EOB_PAGE_SIZE,
  MEDICARE_FHIR_BASE as FHIR_BASE,
  medicareManifest as manifest,
} from '@healthfolio/connectors/protocol';
import { claims, coverages, patient, PATIENT_ID, type Resource } from './fake-beneficiary';

/** Blue Button answers 10 claims a page unless asked, and at most 50. */
const DEFAULT_COUNT = 10;

type Query = Record<string, string | undefined>;

const outcome = (reply: FastifyReply, status: number, code: string, text: string) =>
  reply.status(status).send({
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, diagnostics: text }],
  });

/** `ge2026-01-01T00:00:00Z` → epoch ms, or undefined when absent; NaN when unreadable. */
function lastUpdatedFrom(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^(ge|gt)?(.+)$/.exec(value);
  return Date.parse(match![2]!) + (match![1] === 'gt' ? 1 : 0);
}

/** The patient a search names (`-2014…` or `Patient/-2014…`). */
const patientOf = (value: string | undefined) => value?.replace(/^Patient\//, '');

/**
 * A fake of CMS Blue Button 2.0 (https://bluebutton.cms.gov/api-documentation/): OAuth at `/v2/o/authorize/`,
 * `/v2/o/token/` and `/v2/o/revoke_token/` (PKCE S256 required, one-hour access tokens, single-use refresh
 * tokens, `patient` in the token answer), and FHIR R4 reads under `/v2/fhir`: `Patient/{id}`,
 * `Coverage/?beneficiary=`, `ExplanationOfBenefit/?patient=&_count=` with `startIndex` paging and
 * `_lastUpdated`, 401 for expired or revoked tokens, 429 with Retry-After when asked.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(options, {
    authorize: manifest.oauth!.authorizePath,
    token: manifest.oauth!.tokenPath,
    revoke: manifest.oauth!.revokePath!,
    providerName: 'Medicare (Blue Button 2.0)',
    scopes: manifest.oauth!.scopes,
    tokenExtras: () => ({ patient: PATIENT_ID }),
  });
  // Blue Button requires PKCE with S256: a consent request without a challenge is refused.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.split('?')[0]!.endsWith(manifest.oauth!.authorizePath)) return;
    const asked = (request.method === 'GET' ? request.query : request.body) as Query | undefined;
    if (!asked?.code_challenge || asked.code_challenge_method !== 'S256') {
      return reply.status(400).send({
        error: 'invalid_request',
        error_description: 'code_challenge and code_challenge_method=S256 are required',
      });
    }
  });
  oauth.register(app);
  oauth.expose(options.control);
  // A claim corrected or retracted (`entered-in-error`) by a test: `control.revise` / `deleteRecord`
  // with `ExplanationOfBenefit/<id>`.
  const corrections = new FhirCorrections(now);
  corrections.expose(options.control);

  /** A searchset Bundle of one page, with the `startIndex` links Blue Button writes. */
  const searchset = (request: FastifyRequest, all: Resource[], count: number, startIndex: number) => {
    const [path, search] = request.url.split('?') as [string, string | undefined];
    const base = `${request.protocol}://${request.host}${path}`;
    const linkAt = (index: number) => {
      const params = new URLSearchParams(search ?? '');
      params.set('_count', String(count));
      params.set('startIndex', String(index));
      return `${base}?${params.toString()}`;
    };
    const last = Math.max(0, Math.floor((all.length - 1) / count) * count);
    const link = [
      { relation: 'first', url: linkAt(0) },
      ...(startIndex > 0 ? [{ relation: 'previous', url: linkAt(Math.max(0, startIndex - count)) }] : []),
      ...(startIndex + count < all.length ? [{ relation: 'next', url: linkAt(startIndex + count) }] : []),
      { relation: 'last', url: linkAt(last) },
      { relation: 'self', url: `${base}${search ? `?${search}` : ''}` },
    ];
    return {
      resourceType: 'Bundle',
      id: randomUUID(),
      meta: { lastUpdated: new Date(now()).toISOString() },
      type: 'searchset',
      total: all.length,
      link,
      entry: all.slice(startIndex, startIndex + count).map((resource) => ({
        fullUrl: `${request.protocol}://${request.host}${path.slice(0, path.indexOf(FHIR_BASE) + FHIR_BASE.length)}/${resource.resourceType}/${resource.id}`,
        resource,
      })),
    };
  };

  /** When the beneficiary's Patient and Coverage were last loaded: the start of this week. */
  const weekStart = () => Math.floor(now() / (7 * 86_400_000)) * 7 * 86_400_000;

  app.get(`${FHIR_BASE}/Patient/:id`, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    if (request.params.id !== PATIENT_ID) {
      return outcome(reply, 404, 'not-found', `Patient/${request.params.id} is not known`);
    }
    return reply.send(patient(weekStart()));
  });

  const search =
    (type: 'Coverage' | 'ExplanationOfBenefit') =>
    async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const q = request.query;
      const who = patientOf(type === 'Coverage' ? q.beneficiary : q.patient);
      if (!who) {
        return outcome(
          reply,
          400,
          'required',
          `${type === 'Coverage' ? 'beneficiary' : 'patient'} is required`,
        );
      }
      const since = lastUpdatedFrom(q._lastUpdated);
      if (since !== undefined && !Number.isFinite(since)) {
        return outcome(reply, 400, 'invalid', `_lastUpdated ${q._lastUpdated} is not a date`);
      }
      const count = Math.min(EOB_PAGE_SIZE, Math.max(1, Math.floor(Number(q._count)) || DEFAULT_COUNT));
      const startIndex = Math.max(0, Math.floor(Number(q.startIndex)) || 0);
      let all: Resource[] = [];
      if (who === PATIENT_ID) {
        if (type === 'Coverage') {
          all = since !== undefined && weekStart() < since ? [] : coverages(weekStart());
        } else {
          all = claims(now())
            .filter(
              (c) => since === undefined || (corrections.changedAt(c.resource) ?? c.lastUpdated) >= since,
            )
            .map((c) => corrections.apply(c.resource));
        }
      }
      return reply.send(searchset(request, all, count, startIndex));
    };
  // Blue Button's documented paths end in a slash; both are answered.
  for (const type of ['Coverage', 'ExplanationOfBenefit'] as const) {
    app.get(`${FHIR_BASE}/${type}/`, search(type));
    app.get(`${FHIR_BASE}/${type}`, search(type));
  }
};
