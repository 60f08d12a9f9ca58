import { PERSON_HEADER, type ApiTokenScope, type CaregiverPermission } from '@healthfolio/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOf } from '../identity/client';
import type { CaregiverActing, CaregiversService } from '../modules/caregivers';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The caregiver permission this route needs to serve a person other than the signed-in user
     * (`X-Person-Id`). Left out, it follows the route's API-token `scope` (metrics:read → metrics,
     * labs:read → labs, clinical:read → clinical, insights:read → insights, metrics:write → entries,
     * sources:sync → sources); `false`, or a route with neither, refuses `X-Person-Id` with 403.
     *
     * @example app.get('/health-score', { config: { caregiver: 'metrics' }, schema }, handler)
     */
    caregiver?: CaregiverPermission | false | ((request: FastifyRequest) => CaregiverPermission | false);
  }
  interface FastifyRequest {
    /** Set when a caregiver acts for a person: `request.userId` is then the person's id. */
    caregiver?: CaregiverActing;
  }
}

/** The caregiver permission of each token scope that has one; export and mcp have none. */
const PERMISSION_OF_SCOPE: Partial<Record<ApiTokenScope, CaregiverPermission>> = {
  'metrics:read': 'metrics',
  'labs:read': 'labs',
  'clinical:read': 'clinical',
  'insights:read': 'insights',
  'metrics:write': 'entries',
  'sources:sync': 'sources',
};

/** The permission the request's route declares (or its scope implies); undefined: not for caregivers. */
export function caregiverPermissionOf(request: FastifyRequest): CaregiverPermission | undefined {
  const { caregiver, scope } = request.routeOptions.config;
  const own = typeof caregiver === 'function' ? caregiver(request) : caregiver;
  if (own !== undefined) return own === false ? undefined : own;
  const declared = typeof scope === 'function' ? scope(request) : scope;
  return declared ? PERMISSION_OF_SCOPE[declared] : undefined;
}

/** The person a request asks to act for, when it is not the signed-in user. */
export function personOf(request: FastifyRequest): string | undefined {
  const header = request.headers[PERSON_HEADER];
  const person = Array.isArray(header) ? header[0] : header;
  return person && person !== request.userId ? person : undefined;
}

/**
 * Part of `app.authenticate`, after the user is known: a request for another person is served as that
 * person only under an active grant holding the route's permission (CaregiversService.actFor), checked
 * and audited on every request; otherwise 403 `auth/not-permitted`.
 */
export async function actForPerson(
  caregivers: Pick<CaregiversService, 'actFor'>,
  request: FastifyRequest,
  personId: string,
): Promise<void> {
  if (request.apiToken) {
    throw new AppError(
      'auth/not-permitted',
      'API tokens act only for their own account: X-Person-Id needs a signed-in browser session.',
    );
  }
  request.caregiver = await caregivers.actFor(request.userId, personId, caregiverPermissionOf(request), {
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    client: clientOf(request),
  });
  request.userId = personId;
}

/**
 * Declares one caregiver permission for every route a plugin registers after this call (a route's own
 * `config.caregiver` still wins): for modules that are one permission as a whole, such as sources.
 *
 * @example caregiversMay(app, 'sources') // every route of the sources module is "manage sources"
 */
export function caregiversMay(app: FastifyInstance, permission: CaregiverPermission): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, caregiver: route.config?.caregiver ?? permission };
  });
}
