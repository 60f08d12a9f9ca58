import { defaultSettings, mergeSettings } from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { SampleBulkIO } from '../db/bulk-io';
import type { Db } from '../db/database';
import { createAccount, generatePassword } from '../identity/accounts';
import type { Identity } from '../identity/identity';
import { SampleWriter } from '../modules/metrics';
import { ADA, adaYear } from './ada';

export const DEMO_EMAIL = 'demo@healthfolio.local';
const BATCH = 5000;

/** The demo account a first start made; its password is told once (the start-up banner) and never stored. */
export interface SeededDemo {
  userId: string;
  email: string;
  password: string;
}

/**
 * A newcomer's first start (an empty database, outside production and tests) gets a demo account with a
 * year of Ada's data, so the dashboard is alive at once. The caller prints the password once.
 */
export async function seedDemoIfEmpty(
  config: Config,
  db: Db,
  bulk: SampleBulkIO,
  identity: Identity,
  log: FastifyBaseLogger,
): Promise<SeededDemo | undefined> {
  if (config.env !== 'development' || !config.demoSeed) return undefined;
  const anyone = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return undefined;

  const password = generatePassword();
  const user = await createAccount(identity, {
    email: DEMO_EMAIL,
    password,
    name: ADA.name,
    emailVerified: true,
  });
  // The demo account is the place for sandbox play: what its sandbox connections bring counts. It is
  // not a new account — a year of data is already there — so the first-run checklist is put away.
  const settings = mergeSettings(defaultSettings(), {
    preferences: { timeZone: ADA.tz, includeSandboxData: true, onboardingDismissed: true },
  });
  await identity.users.update(user.id, { settings: JSON.stringify(settings) }, identity.now());

  const samples = adaYear(Date.now());
  const writer = new SampleWriter(db, bulk);
  let inserted = 0;
  for (let i = 0; i < samples.length; i += BATCH)
    inserted += (await writer.writeOnce(user.id, samples.slice(i, i + BATCH))).inserted;
  log.info({ inserted }, 'demo account seeded');
  return { userId: user.id, email: DEMO_EMAIL, password };
}

/** Whether the demo account is here (a later start names it in the banner, without its password). */
export async function hasDemoAccount(db: Db): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  return row !== undefined;
}
