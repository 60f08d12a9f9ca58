import { defaultSettings, mergeSettings } from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createAccount, generatePassword } from '../identity/accounts';
import type { Identity } from '../identity/identity';
import { SampleStore } from '../modules/metrics/samples.store';
import { ADA, adaYear } from './ada';

export const DEMO_EMAIL = 'demo@healthfolio.local';
const BATCH = 5000;

/**
 * A newcomer's first start (an empty database, outside production and tests) gets a demo account with a
 * year of Ada's data, so the dashboard is alive at once. The password is printed once and never stored.
 */
export async function seedDemoIfEmpty(
  config: Config,
  db: Db,
  identity: Identity,
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.env !== 'development' || !config.demoSeed) return;
  const anyone = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return;

  const password = generatePassword();
  const user = await createAccount(identity, {
    email: DEMO_EMAIL,
    password,
    name: ADA.name,
    emailVerified: true,
  });
  // The demo account is the place for sandbox play: what its sandbox connections bring counts.
  const settings = mergeSettings(defaultSettings(), {
    preferences: { timeZone: ADA.tz, includeSandboxData: true },
  });
  await identity.users.update(user.id, { settings: JSON.stringify(settings) }, identity.now());

  const samples = adaYear(Date.now());
  const store = new SampleStore(db);
  let inserted = 0;
  for (let i = 0; i < samples.length; i += BATCH)
    inserted += (await store.insertBatch(user.id, samples.slice(i, i + BATCH))).inserted;
  log.info({ inserted }, 'demo account seeded');
  console.log(
    `\n  Demo account (${ADA.about}):\n    email:    ${DEMO_EMAIL}\n    password: ${password}\n  (printed once; run \`npm run user:create\` for your own account)\n`,
  );
}
