import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportJob } from '@healthfolio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { MERGED } from '../../src/modules/metrics/rollups.repository';
import type { TestApp } from '../app';
import { createTestDb, opened, testDialects, type TestDb } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, overlappingSteps, PARSING, upload } from './helpers';

const READINGS = 60_000;

describe.each(testDialects.flatMap((d) => PARSING.map(([how, env]) => [d, how, env] as const)))(
  'an import interrupted by a restart, on %s, parsed %s',
  (dialect, _how, parsingEnv) => {
    let db: TestDb;
    let dataDir: string;
    const apps: BuiltApp[] = [];

    afterEach(async () => {
      for (const a of apps.splice(0)) await a.app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /**
     * A server over the test's database. The first writes batches of 100 samples, so that the test can stop
     * it once some are written and long before the end; the restarted one only has to finish, and writes
     * as a deployed server does (batches of 20,000: 300 batches of 100 took most of the test's time).
     */
    async function start(writes: 'small batches' | 'as deployed'): Promise<TestApp> {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST: dataDir,
        ...parsingEnv,
      });
      const built = await buildApp(config, {
        database: opened(db),
        ...(writes === 'small batches' ? { importWriteBatch: 100 } : {}),
      });
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

    /** A fresh database and server, and Ada's upload of the file: the import is under way. */
    async function startImport(fileName: string, content: string) {
      db = await createTestDb(dialect);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-restart-'));
      const first = await start('small batches');
      await createUser(first, 'ada@example.com');
      const auth = bearer((await signIn(first, 'ada@example.com')).accessToken);
      const res = await upload(first, auth, fileName, content);
      expect(res.statusCode).toBe(202);
      return { first, id: (res.json() as { data: ImportJob }).data.id };
    }

    /** Closes the app once at least `atLeast` samples of the import are written, and before it ends. */
    async function stopMidway(app: TestApp, id: string, atLeast: number): Promise<number> {
      for (;;) {
        const row = await importRow(id);
        if (row.status !== 'queued' && row.status !== 'running')
          throw new Error(`ended early: ${row.failure}`);
        if (Number(row.samples_done) >= atLeast) break;
        await new Promise((r) => setImmediate(r));
      }
      await app.app.close();
      apps.splice(0);
      const stopped = await importRow(id);
      expect(stopped.status).toBe('running');
      return Number(stopped.samples_done);
    }

    it('resumes where it stopped and ends with the rows and counts of one uninterrupted run', async () => {
      const { first, id } = await startImport('clarity.csv', clarityCsv(READINGS));

      // Stop the server once some batches are written and before the last one.
      const written = await stopMidway(first, id, 1_000);
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(READINGS);
      expect(await sampleCount()).toBe(written);
      expect(Number((await importRow(id)).inserted)).toBe(written);

      const second = await start('as deployed');
      await second.importRunner.idle();
      const done = await importRow(id);
      expect(done.status).toBe('succeeded');
      expect(Number(done.inserted)).toBe(READINGS);
      expect(Number(done.duplicates)).toBe(0);
      expect(await sampleCount()).toBe(READINGS);
      expect(done.file_path).toBeNull();
    });

    it('resumes an Apple Health import of a watch and a phone: every day merged once, as in one run', async () => {
      const DAYS = 5_000;
      const { first, id } = await startImport('export.xml', overlappingSteps(DAYS));
      // Partway through the watch's records: the days with both streams so far wait for their merge.
      await stopMidway(first, id, DAYS * 6 + 1_000);
      const waiting = await db.kysely.selectFrom('rollup_pending_days').select(['origin', 'kind']).execute();
      expect(waiting.length).toBeGreaterThan(0);
      expect(new Set(waiting.map((w) => `${w.origin} ${w.kind}`))).toEqual(new Set([`import:${id} steps`]));

      const second = await start('as deployed');
      await second.importRunner.idle();
      expect(await importRow(id)).toMatchObject({ status: 'succeeded' });
      // The days the first run left to merge were found by the second, and merged.
      expect(await db.kysely.selectFrom('rollup_pending_days').selectAll().execute()).toEqual([]);
      expect(await sampleCount()).toBe(DAYS * 12);
      const merged = await db.kysely
        .selectFrom('daily_rollups')
        .select(['local_day', 'sum', 'count'])
        .where('source', '=', MERGED)
        .where('kind', '=', 'steps')
        .execute();
      expect(merged).toHaveLength(DAYS);
      // The watch outranks the phone: 6 × 100 a day, not the phone's 6 × 90 nor both.
      for (const day of merged) expect(day).toMatchObject({ sum: 600, count: 6 });
    }, 120_000);
  },
);
