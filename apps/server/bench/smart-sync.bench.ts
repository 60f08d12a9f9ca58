/**
 * SMART on FHIR sync speed: `npx tsx apps/server/bench/smart-sync.bench.ts [--patient hf-chen-wei]`
 *
 * The sandbox EHR on loopback serving Chen Wei's five years of records (≥ 20 000 resources: remote
 * monitoring vitals three times a day, monthly labs, problems, prescriptions, immunizations, encounters),
 * a server on a fresh SQLite file pointed at it as `epic`, the person connecting through the consent page
 * (patient picker, PKCE), and the first sync — which reads everything — through the background runner.
 * Measured: from the callback to the sync's end. Target: under 60 s. Baseline, in the same run: the same
 * pages fetched from the fake with the connection's token and mapped (samples and clinical records), with
 * no server or database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { epic } from '@healthfolio/connectors';
import { recordOf, SYNTHETIC_PATIENTS } from '@healthfolio/sandbox';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { createAccount } from '../src/identity/accounts';
import { createProviderHttp } from '../src/modules/sources/provider-http';
import { TokenVault } from '../src/modules/sources/token-vault';
import { allowAtConsent, fakeEnv, startFake } from '../test/sources/helpers';

const { values: args } = parseArgs({ options: { patient: { type: 'string', default: 'hf-chen-wei' } } });
const patient = SYNTHETIC_PATIENTS.find((p) => p.id === args.patient);
if (!patient) throw new Error(`No sandbox patient ${args.patient}`);
const TARGET_SECONDS = 60;
const PASSWORD = 'sandbox-account';

const now = Date.now();
const resources = [...recordOf(patient, now).values()].reduce((n, list) => n + list.length, 0);
const fake = await startFake(epic, { now: () => now });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-smart-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST: dataDir,
  SANDBOX_PROVIDERS: 'false',
  ...fakeEnv('epic', fake),
});
const database = openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'bench.db') });
const { db } = database;
await migrateToLatest(db, database.pg);
const built = await buildApp(config, { database, syncScheduleMs: 0, insightDebounceMs: 3_600_000 });
try {
  await createAccount(built.identity, {
    email: 'chen@example.com',
    password: PASSWORD,
    name: 'Chen',
    emailVerified: true,
  });
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: 'chen@example.com', password: PASSWORD },
  });
  const auth = {
    authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}`,
  };
  const start = await built.app.inject({ method: 'GET', url: '/api/integrations/oauth/epic', headers: auth });
  const consent = new URL((start.json() as { data: { url: string } }).data.url);
  const back = await allowAtConsent(consent, { fields: { patient: patient.id } });
  const t0 = performance.now();
  const done = await built.app.inject({
    method: 'POST',
    url: '/api/integrations/oauth/callback',
    headers: auth,
    payload: back,
  });
  if (done.statusCode !== 200) throw new Error(`callback answered ${done.statusCode}: ${done.body}`);
  await built.syncRunner.idle();
  const seconds = (performance.now() - t0) / 1000;
  const run = await built.db.kysely
    .selectFrom('sync_runs')
    .selectAll()
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (run.status !== 'succeeded') throw new Error(`sync ${run.status}: ${run.error}`);
  const records = await built.db.kysely
    .selectFrom('clinical_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // The baseline: the same pages straight from the fake, with the token the connection holds.
  const sealed = await built.db.kysely
    .selectFrom('source_connections')
    .select('tokens')
    .executeTakeFirstOrThrow();
  const tokens = TokenVault.open(config.dataDir, config.encryptionKey).unseal(sealed.tokens!);
  if (!tokens) throw new Error('the connection’s tokens could not be read');
  const http = createProviderHttp({
    baseUrl: fake.url,
    providerName: 'epic',
    tokens: () => tokens,
    refresh: () => Promise.resolve(tokens),
    signal: new AbortController().signal,
  });
  const b0 = performance.now();
  let mapped = 0;
  for await (const page of epic.sync({
    http,
    from: now - 10 * 365 * 86_400_000,
    to: now,
    cursor: null,
    timeZone: 'UTC',
    signal: new AbortController().signal,
    extra: tokens.extra ?? {},
  })) {
    mapped += epic.normalize(page, { timeZone: 'UTC', source: 'epic' }).length;
    mapped += epic.records!(page, { timeZone: 'UTC', source: 'epic' }).length;
  }
  const baselineSeconds = (performance.now() - b0) / 1000;
  const row = {
    patient: patient.id,
    years: patient.years,
    resources,
    requests: run.requests,
    samplesWritten: run.inserted,
    clinicalRecords: Number(records.n),
    seconds: Math.round(seconds * 100) / 100,
    baselineSeconds: Math.round(baselineSeconds * 100) / 100,
    baselineMapped: mapped,
    ratio: Math.round((seconds / baselineSeconds) * 100) / 100,
    resourcesPerSecond: Math.round(resources / seconds),
    targetSeconds: TARGET_SECONDS,
    withinTarget: seconds < TARGET_SECONDS,
  };
  console.log(JSON.stringify(row));
  console.table([row]);
  if (resources < 20_000)
    throw new Error(`the bench patient has only ${resources} resources (needs ≥ 20 000)`);
} finally {
  await built.app.close();
  await db.close();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
