import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportJob } from '@healthfolio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/database';
import type { TestApp } from '../app';
import { createTestDb, testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, upload } from './helpers';

const READINGS = 60_000;

describe.each(testDialects)('an import interrupted by a restart, on %s', (dialect) => {
  let db: Db;
  let dataDir: string;
  const apps: BuiltApp[] = [];

  afterEach(async () => {
    for (const a of apps.splice(0)) await a.app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<TestApp> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: dataDir,
    });
    const built = await buildApp(config, { db, importWriteBatch: 100 });
    apps.push(built);
    await built.app.ready();
    return { ...built, config, close: () => built.app.close() };
  }

  const importRow = (id: string) =>
    db.kysely.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sampleCount = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('samples')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('resumes where it stopped and ends with the rows and counts of one uninterrupted run', async () => {
    db = await createTestDb(dialect);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-restart-'));
    const first = await start();
    await createUser(first, 'ada@example.com');
    const auth = bearer((await signIn(first, 'ada@example.com')).accessToken);

    const res = await upload(first, auth, 'clarity.csv', clarityCsv(READINGS));
    expect(res.statusCode).toBe(202);
    const { id } = (res.json() as { data: ImportJob }).data;

    // Stop the server once some batches are written and before the last one.
    for (;;) {
      const row = await importRow(id);
      if (row.status !== 'queued' && row.status !== 'running') throw new Error(`ended early: ${row.failure}`);
      if (Number(row.samples_done) >= 1_000) break;
      await new Promise((r) => setImmediate(r));
    }
    await first.app.close();
    apps.splice(0);

    const stopped = await importRow(id);
    expect(stopped.status).toBe('running');
    const written = Number(stopped.samples_done);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(READINGS);
    expect(await sampleCount()).toBe(written);
    expect(Number(stopped.inserted)).toBe(written);

    const second = await start();
    await second.importRunner.idle();
    const done = await importRow(id);
    expect(done.status).toBe('succeeded');
    expect(Number(done.inserted)).toBe(READINGS);
    expect(Number(done.duplicates)).toBe(0);
    expect(await sampleCount()).toBe(READINGS);
    expect(done.file_path).toBeNull();
  });
});
