/**
 * Revisions (issue 21): `npx tsx apps/server/bench/revisions.bench.ts [--dialect sqlite|postgres] [--share 0.1]`
 * (PostgreSQL: --database-url, else BENCH_DATABASE_URL or TEST_DATABASE_URL, in a throwaway schema).
 *
 * The Oura sandbox's year (366 nights, days and SpO2 documents, ~105 000 five-minute heart-rate readings)
 * synced through a server: the first sync, a re-sync of the year with nothing changed (every record a
 * duplicate: the baseline), then a re-sync after the provider revised `--share` of every collection's
 * records (a night re-scored, a day's totals changed, a heart-rate reading corrected) and deleted one
 * night in a hundred; last, the hourly scheduled sync. Measured: each sync's wall time, its counts (inserted, updated, deleted), and the
 * time the deletions by absence cost: keeping the identities a run answered (`SeenInSpans`) and
 * `deleteMissing` (comparing them with what is stored). Not part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { oura } from '@healthfolio/connectors';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createAccount } from '../src/identity/accounts';
import { SampleStore } from '../src/modules/metrics/write/samples.store';
import { SeenInSpans } from '../src/modules/sources/sync/sync-window';
import { createTestDb, opened, type TestDb } from '../test/databases';
import { connectThroughConsent, fakeEnv, startFake } from '../test/sources/helpers';

const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    share: { type: 'string', default: '0.1' },
    'database-url': { type: 'string' },
  },
});
const dialect = args.dialect === 'postgres' ? 'postgres' : 'sqlite';
const share = Number(args.share);
if (dialect === 'postgres') {
  process.env.TEST_DATABASE_URL =
    args['database-url'] ??
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
}
const DAY = 86_400_000;
const FIVE_MINUTES = 300_000;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

// Time spent keeping what a whole run answered (identities) and comparing it with what is stored.
let missingMs = 0;
let seenMs = 0;
const add = SeenInSpans.prototype.add;
SeenInSpans.prototype.add = function (this: SeenInSpans, samples) {
  const t0 = performance.now();
  add.call(this, samples);
  seenMs += performance.now() - t0;
};
const deleteMissing = SampleStore.prototype.deleteMissing;
SampleStore.prototype.deleteMissing = async function (this: SampleStore, ...a) {
  const t0 = performance.now();
  try {
    return await deleteMissing.apply(this, a);
  } finally {
    missingMs += performance.now() - t0;
  }
};

const now = Date.parse('2026-11-22T17:00:00Z');
const fake = await startFake(oura, { now: () => now });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-revisions-bench-'));
const db: TestDb = await createTestDb(dialect);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST: dataDir,
  SANDBOX_PROVIDERS: 'false',
  ...fakeEnv('oura', fake),
});
const built = await buildApp(config, {
  database: opened(db),
  now: () => now,
  syncScheduleMs: 0,
  insightDebounceMs: 3_600_000,
});

async function lastRun() {
  const run = await db.kysely
    .selectFrom('sync_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (run.status !== 'succeeded') throw new Error(`sync ${run.status}: ${run.error}`);
  return run;
}

async function timed(label: string, sync: () => Promise<void>) {
  missingMs = 0;
  seenMs = 0;
  const t0 = performance.now();
  await sync();
  await built.syncRunner.idle();
  const ms = performance.now() - t0;
  const run = await lastRun();
  return {
    sync: label,
    seconds: round(ms / 1000),
    samples: run.samples,
    inserted: run.inserted,
    updated: run.updated,
    deleted: run.deleted,
    identitiesSeconds: round(seenMs / 1000),
    deleteMissingSeconds: round(missingMs / 1000),
  };
}

try {
  await createAccount(built.identity, {
    email: 'ada@example.com',
    password: 'revisions-bench',
    name: 'Ada',
    emailVerified: true,
  });
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: 'ada@example.com', password: 'revisions-bench' },
  });
  const auth = {
    authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}`,
  };
  const t = { ...built, config, close: async () => {} };
  const resync = async () => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/integrations/oura/sync?days=365',
      headers: auth,
    });
    if (res.statusCode !== 202) throw new Error(`sync answered ${res.statusCode}: ${res.body}`);
  };

  const rows: Record<string, unknown>[] = [
    await timed('first sync (a year)', () => connectThroughConsent(t, auth, 'oura').then(() => {})),
  ];
  rows.push(await timed('re-sync, nothing changed', resync));

  // The provider revises `share` of each collection's records and deletes a night in a hundred.
  const control = fake.control;
  const lastDay = Math.floor((now - 5 * 3_600_000) / DAY);
  const step = Math.round(1 / share);
  let revised = 0;
  for (let day = lastDay - 365; day <= lastDay; day++) {
    const date = new Date(day * DAY).toISOString().slice(0, 10);
    if (day % 100 === 0) control.deleteRecord!(`sleep-${date}`);
    else if (day % step === 0) {
      control.revise!(`sleep-${date}`, { total_sleep_duration: 25_000 + (day % 7) * 300 });
      revised++;
    }
    if ((day + 1) % step === 0) {
      control.revise!(`activity-${date}`, { steps: 9_000 + (day % 11) * 100 });
      revised++;
    }
    if ((day + 2) % step === 0) {
      control.revise!(`spo2-${date}`, { spo2_percentage: { average: 95.5 } });
      revised++;
    }
  }
  for (let at = now - 365 * DAY; at < now; at += FIVE_MINUTES * step) {
    const timestamp = new Date(Math.ceil(at / FIVE_MINUTES) * FIVE_MINUTES).toISOString();
    control.revise!(`heartrate@${timestamp.replace('.000Z', '+00:00')}`, { bpm: 61 });
    revised++;
  }
  rows.push({ ...(await timed(`re-sync, ${share * 100} % revised`, resync)), revisedAtProvider: revised });
  // What every hour costs: the scheduled sync, reading again the days Oura may still change.
  rows.push(
    await timed('scheduled sync (the last days)', async () => {
      await db.kysely
        .updateTable('sync_state')
        .set({ next_sync_at: now - 1 })
        .execute();
      await built.syncRunner.schedule();
    }),
  );
  console.log(`== revisions on ${dialect}: the Oura sandbox year ==`);
  console.table(rows);
} finally {
  await built.app.close();
  await db.close();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
