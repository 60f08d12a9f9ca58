import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { oura } from '@healthfolio/connectors';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { TestApp } from '../app';
import { createTestDb, opened, testDialects, type TestDb } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { connectThroughConsent, fakeEnv, NOW, startFake, type RunningFake } from './helpers';
import { userNo } from '../../src/db/user-number';

describe.each(testDialects)('a sync interrupted by a restart, on %s', (dialect) => {
  let db: TestDb;
  let dataDir: string;
  let fake: RunningFake;
  const apps: BuiltApp[] = [];
  const clock = new FakeClock(NOW);

  afterEach(async () => {
    for (const a of apps.splice(0)) await a.app.close();
    await db.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<TestApp> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: dataDir,
      ...fakeEnv('oura', fake),
    });
    const built = await buildApp(config, {
      database: opened(db),
      now: clock.now,
      syncScheduleMs: 0,
      insightDebounceMs: 3_600_000,
    });
    apps.push(built);
    await built.app.ready();
    return { ...built, config, close: () => built.app.close() };
  }

  const connection = (userId: string) =>
    db.kysely
      .selectFrom('source_connections')
      .innerJoin('sync_state', 'sync_state.connection_id', 'source_connections.id')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  const countsOf = async (userId: string) =>
    (
      await db.kysely
        .selectFrom('samples')
        .select((eb) => ['kind', eb.fn.countAll<number | string>().as('n')])
        .where('user_no', '=', userNo(userId))
        .groupBy('kind')
        .orderBy('kind')
        .execute()
    ).map((r) => [r.kind, Number(r.n)]);

  it('resumes from its saved cursor, deletes nothing by absence, and ends with the rows of one uninterrupted sync', async () => {
    db = await createTestDb(dialect);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-sync-restart-'));
    fake = await startFake(oura, { now: clock.now, clientId: 'test-client', clientSecret: 'test-secret' });
    const first = await start();
    const ada = await createUser(first, 'ada@example.com');
    const ben = await createUser(first, 'ben@example.com');
    await connectThroughConsent(first, bearer((await signIn(first, 'ada@example.com')).accessToken), 'oura');

    // Stop the server in the middle of the heart-rate pages (the last and longest collection).
    for (;;) {
      const row = await connection(ada.id);
      if (row.sync_state === 'idle') throw new Error(`the sync ended before the restart: ${row.last_error}`);
      if (row.sync_pages >= 16) break;
      await new Promise((r) => setImmediate(r));
    }
    await first.app.close();
    apps.splice(0);

    const stopped = await connection(ada.id);
    expect(stopped.sync_state).toBe('running');
    expect(stopped.cursor).not.toBeNull();
    const writtenBefore = (await countsOf(ada.id)).reduce((sum, [, n]) => sum + Number(n), 0);
    expect(writtenBefore).toBeGreaterThan(0);
    // Meanwhile Oura deletes a night the first process wrote: the resumed run read only the later pages,
    // so it cannot tell, and must delete nothing.
    fake.control.deleteRecord!('sleep-2026-06-01');

    const second = await start();
    await second.syncRunner.idle();
    const resumed = await connection(ada.id);
    expect(resumed).toMatchObject({ sync_state: 'idle', status: 'connected', syncs_run: 1, cursor: null });
    const runs = await db.kysely
      .selectFrom('sync_runs')
      .select(['status', 'deleted'])
      .where('user_id', '=', ada.id)
      .orderBy('id')
      .execute();
    expect(runs).toEqual([
      { status: 'interrupted', deleted: 0 },
      { status: 'succeeded', deleted: 0 },
    ]);

    // Ben syncs the same year without a restart: the two end with the same rows.
    await connectThroughConsent(
      second,
      bearer((await signIn(second, 'ben@example.com')).accessToken),
      'oura',
    );
    await second.syncRunner.idle();
    const uninterrupted = await countsOf(ben.id);
    expect(uninterrupted.length).toBeGreaterThan(4);
    // Ada keeps the deleted night's three samples (Ben never had them) until a whole run reads its days.
    const night = ['resting_heart_rate', 'respiratory_rate', 'sleep_duration'];
    expect(await countsOf(ada.id)).toEqual(
      uninterrupted.map(([kind, n]) => [kind, Number(n) + (night.includes(String(kind)) ? 1 : 0)]),
    );
    const auth = bearer((await signIn(second, 'ada@example.com')).accessToken);
    const asked = await second.app.inject({
      method: 'POST',
      url: '/api/integrations/oura/sync?days=365',
      headers: auth,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await second.syncRunner.idle();
    const whole = await db.kysely
      .selectFrom('sync_runs')
      .select(['status', 'inserted', 'deleted'])
      .where('user_id', '=', ada.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(whole).toEqual({ status: 'succeeded', inserted: 0, deleted: 3 });
    expect(await countsOf(ada.id)).toEqual(uninterrupted);
  }, 60_000);
});
