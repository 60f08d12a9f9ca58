// The caregivers module's door: caregivers wired (createCaregivers), and the service the auth hook asks
// whether a caregiver may act for a person.
import type { Db } from '../../db/database';
import type { Identity } from '../../identity/identity';
import { CaregiversRepository } from './caregivers.repository';
import { caregiversRoutes } from './caregivers.routes';
import { CaregiversService } from './caregivers.service';

export { CaregiversService, type CaregiverActing } from './caregivers.service';

/** The caregivers module, wired: the service (the auth hook's `actFor`) and its routes under /api. */
export function createCaregivers(deps: { db: Db; identity: Identity }) {
  const { identity } = deps;
  const service = new CaregiversService({
    repo: new CaregiversRepository(deps.db.kysely),
    users: identity.users,
    audit: identity.audit,
    mailer: identity.mailer,
    log: identity.log,
    publicUrl: identity.config.publicUrl,
    now: identity.now,
  });
  return { service, routes: caregiversRoutes(service, identity) };
}
