import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FhirCorrections } from '../shared/fhir-corrections';
import type { OAuthSettings } from '@healthfolio/connectors';
import type { FakeOptions } from '../types';
import { patientById, recordOf, SYNTHETIC_PATIENTS } from './patients';
import { iso, type Resource } from './resources';

/** The resource types a SMART fake answers searches for, as the connector reads them. */
export const FAKE_TYPES = [
  'Observation',
  'Condition',
  'Procedure',
  'DiagnosticReport',
  'MedicationRequest',
  'Immunization',
  'AllergyIntolerance',
  'Encounter',
] as const;

export interface SmartFakeSettings {
  /** On the consent page: "Epic", "VA". */
  providerName: string;
  oauth: OAuthSettings;
  /** Types this server does not offer: their searches answer 404 with an OperationOutcome. */
  unsupported?: readonly string[];
}

type Query = Record<string, string | string[] | undefined>;

const DEFAULT_COUNT = 50;
const MAX_COUNT = 1000;

const outcome = (severity: 'error' | 'information', code: string, text: string) => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity, code, details: { text } }],
});

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const all = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** `_lastUpdated` comparisons (FHIR search date prefixes ge, gt, le, lt; none = eq, read as ge here). */
function lastUpdatedFilter(values: readonly string[]): (r: Resource) => boolean {
  const tests = values.map((raw) => {
    const match = /^(ge|gt|le|lt|eq)?(.+)$/.exec(raw)!;
    const at = Date.parse(match[2]!);
    const prefix = match[1] ?? 'ge';
    return (t: number) =>
      !Number.isFinite(at) ||
      (prefix === 'gt' ? t > at : prefix === 'le' ? t <= at : prefix === 'lt' ? t < at : t >= at);
  });
  return (r) => {
    const t = Date.parse((r.meta as { lastUpdated: string }).lastUpdated);
    return tests.every((test) => test(t));
  };
}

/**
 * A SMART on FHIR sandbox server written from SMART App Launch 2.x and FHIR R4: discovery at
 * `/.well-known/smart-configuration`, a CapabilityStatement at `/metadata`, the authorization server
 * under `/auth` (consent page with a patient picker that requires `aud` = this FHIR base and an S256
 * challenge; the token answer carries the chosen `patient`; PKCE verified; refresh rotation; revoke),
 * `Patient/<id>` and patient-scoped searches with `_count` paging (`_getpagesoffset`, HAPI's style) in
 * searchset Bundles with `total` and absolute `next` links. 401 for expired or revoked tokens, 403 for
 * another patient, 404 OperationOutcome for types it does not offer, 429 with Retry-After when asked.
 * `control.revise('Observation/<id>', fields)` corrects a resource and `control.deleteRecord(…)` marks it
 * `entered-in-error`, each as a new version with a new `meta.lastUpdated`, as a FHIR server does.
 */
export function createSmartFake(settings: SmartFakeSettings): FastifyPluginAsync<FakeOptions> {
  return async (app, options) => {
    const now = options.now ?? Date.now;
    const prefix = app.prefix.replace(/\/$/, '');
    const publicClient = settings.oauth.clientAuth === 'none';
    const oauth = new FakeOAuth(publicClient ? { ...options, clientSecret: undefined } : options, {
      authorize: '/auth/authorize',
      token: '/auth/token',
      revoke: '/auth/revoke',
      providerName: settings.providerName,
      scopes: settings.oauth.scopes,
      requirePkce: true,
      checkAuthorize: (q) => {
        if (q.response_type !== 'code') return 'response_type must be "code"';
        if (!q.aud) return 'aud is required: the base URL of the FHIR server the app will read';
        let path: string;
        try {
          path = new URL(q.aud).pathname.replace(/\/$/, '');
        } catch {
          return 'aud must be the FHIR server base URL';
        }
        if (path !== prefix) return `aud ${q.aud} is not this FHIR server`;
        if (!q.code_challenge || q.code_challenge_method !== 'S256')
          return 'PKCE is required: code_challenge with code_challenge_method S256';
        if (!(q.scope ?? '').split(' ').includes('launch/patient'))
          return 'A standalone launch asks for launch/patient';
        return null;
      },
      consentFields: () =>
        `<fieldset><legend>Choose the patient whose record Healthfolio may read</legend>${SYNTHETIC_PATIENTS.map(
          (p, i) =>
            `<label><input type="radio" name="patient" value="${p.id}"${i === 0 ? ' checked' : ''}> ${p.given} ${p.family} (born ${p.birthDate}, ${p.years} year${p.years > 1 ? 's' : ''} of records)</label><br>`,
        ).join('')}</fieldset>`,
      launchContext: (decision) => ({
        patient: patientById(decision.patient ?? '')?.id ?? SYNTHETIC_PATIENTS[0]!.id,
      }),
    });
    oauth.register(app);
    oauth.expose(options.control);
    const corrections = new FhirCorrections(now);
    corrections.expose(options.control);

    const unsupported = new Set(settings.unsupported ?? []);
    const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${prefix}`;
    const fhir = (reply: FastifyReply, status: number, body: unknown) =>
      reply.status(status).type('application/fhir+json').send(body);

    app.get('/.well-known/smart-configuration', async (request, reply) => {
      const base = baseOf(request);
      const auth = settings.oauth.clientAuth;
      return reply.send({
        issuer: base,
        authorization_endpoint: `${base}/auth/authorize`,
        token_endpoint: `${base}/auth/token`,
        revocation_endpoint: `${base}/auth/revoke`,
        token_endpoint_auth_methods_supported: [
          auth === 'none' ? 'none' : auth === 'basic' ? 'client_secret_basic' : 'client_secret_post',
        ],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        response_types_supported: ['code'],
        scopes_supported: [...settings.oauth.scopes, 'online_access'],
        code_challenge_methods_supported: ['S256'],
        capabilities: [
          'launch-standalone',
          publicClient ? 'client-public' : 'client-confidential-symmetric',
          'context-standalone-patient',
          'permission-offline',
          'permission-patient',
          'permission-v1',
          'permission-v2',
          'sso-openid-connect',
        ],
      });
    });

    app.get('/metadata', async (request, reply) => {
      const base = baseOf(request);
      return fhir(reply, 200, {
        resourceType: 'CapabilityStatement',
        status: 'active',
        date: '2026-01-01',
        kind: 'instance',
        fhirVersion: '4.0.1',
        format: ['json'],
        implementation: { description: `${settings.providerName} sandbox`, url: base },
        rest: [
          {
            mode: 'server',
            security: {
              service: [
                {
                  coding: [
                    {
                      system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                      code: 'SMART-on-FHIR',
                    },
                  ],
                },
              ],
              extension: [
                {
                  url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
                  extension: [
                    { url: 'authorize', valueUri: `${base}/auth/authorize` },
                    { url: 'token', valueUri: `${base}/auth/token` },
                    { url: 'revoke', valueUri: `${base}/auth/revoke` },
                  ],
                },
              ],
            },
            resource: ['Patient', ...FAKE_TYPES.filter((t) => !unsupported.has(t))].map((type) => ({
              type,
              interaction: [{ code: 'read' }, { code: 'search-type' }],
              searchParam: [
                { name: 'patient', type: 'reference' },
                { name: '_lastUpdated', type: 'date' },
                ...(type === 'Observation' ? [{ name: 'category', type: 'token' }] : []),
              ],
            })),
          },
        ],
      });
    });

    app.get('/Patient/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const patient = patientById(request.params.id);
      if (!patient || oauth.contextOf(request).patient !== patient.id) {
        return fhir(
          reply,
          403,
          outcome('error', 'forbidden', 'The token does not grant access to this patient'),
        );
      }
      return fhir(reply, 200, {
        resourceType: 'Patient',
        id: patient.id,
        meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient'] },
        identifier: [{ system: 'urn:oid:2.16.840.1.113883.3.9999.1', value: patient.id.toUpperCase() }],
        name: [{ use: 'official', family: patient.family, given: [patient.given] }],
        gender: patient.gender,
        birthDate: patient.birthDate,
      });
    });

    const search =
      (type: string) => async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
        if (!oauth.authenticate(request, reply)) return reply;
        const q = request.query;
        const inContext = oauth.contextOf(request).patient;
        const asked = one(q.patient) ?? one(q.subject)?.replace(/^Patient\//, '') ?? inContext;
        const patient = patientById(asked ?? '');
        if (!patient || asked !== inContext) {
          return fhir(
            reply,
            403,
            outcome('error', 'forbidden', 'The token does not grant access to this patient'),
          );
        }
        const record = recordOf(patient, now());
        const category = one(q.category);
        let resources: readonly Resource[] = (
          type === 'Observation'
            ? category
              ? (record.get(`Observation:${category}`) ?? [])
              : [...record.get('Observation:vital-signs')!, ...record.get('Observation:laboratory')!]
            : record.get(type)!
        ).map((r) => corrections.apply(r));
        const since = all(q._lastUpdated);
        if (since.length > 0) resources = resources.filter(lastUpdatedFilter(since));
        const count = Math.min(MAX_COUNT, Math.max(1, Number(one(q._count)) || DEFAULT_COUNT));
        const offset = Math.max(0, Number(one(q._getpagesoffset)) || 0);
        const page = resources.slice(offset, offset + count);
        const base = baseOf(request);
        const link = (at: number) => {
          const url = new URL(`${base}/${type}`);
          url.searchParams.set('patient', patient.id);
          if (category) url.searchParams.set('category', category);
          for (const s of since) url.searchParams.append('_lastUpdated', s);
          url.searchParams.set('_count', String(count));
          if (at > 0) url.searchParams.set('_getpagesoffset', String(at));
          return url.toString();
        };
        const entry: unknown[] = page.map((resource) => ({
          fullUrl: `${base}/${type}/${resource.id}`,
          resource,
          search: { mode: 'match' },
        }));
        // Epic's way of saying "none": an OperationOutcome entry in search mode `outcome`.
        if (resources.length === 0) {
          entry.push({
            resource: outcome('information', 'not-found', `No ${type} resources were found for this patient`),
            search: { mode: 'outcome' },
          });
        }
        return fhir(reply, 200, {
          resourceType: 'Bundle',
          id: `${type}-${patient.id}-${offset}`,
          meta: { lastUpdated: iso(now()) },
          type: 'searchset',
          total: resources.length,
          link: [
            { relation: 'self', url: link(offset) },
            ...(offset + count < resources.length ? [{ relation: 'next', url: link(offset + count) }] : []),
          ],
          entry,
        });
      };
    for (const type of FAKE_TYPES) if (!unsupported.has(type)) app.get(`/${type}`, search(type));
    app.get('/:type', async (request: FastifyRequest<{ Params: { type: string } }>, reply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      return fhir(
        reply,
        404,
        outcome(
          'error',
          'not-supported',
          `Resource type ${request.params.type} is not supported by this server`,
        ),
      );
    });
  };
}
