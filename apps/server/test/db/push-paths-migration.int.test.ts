import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { recomputeQueuedDays } from '../../src/modules/metrics/write/rollup-recompute';
import { MERGED, RollupsRepository } from '../../src/modules/metrics/rollups.repository';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { createTestDb, testDialects, type TestDb } from '../databases';
import { migrateTo, addRawUser } from './migration-steps';
import { withTodaysRollups } from './app-on-old-schema';

const HOUR = 3_600_000;
const D = Date.parse('2026-11-20T00:00:00Z');
const DAY = D / (24 * HOUR);
const watch = { kind: 'steps', source: 'apple_healthkit', device: 'Ada’s Apple Watch' };

/** The export's records, 10:00–12:00 in 10-minute records of 200 steps, as written before paths existed. */
const fromExport: NewSample[] = Array.from({ length: 12 }, (_, i) => ({
  ...watch,
  start: D + 10 * HOUR + i * 600_000,
  end: D + 10 * HOUR + (i + 1) * 600_000,
  value: 200,
}));
/** Health Auto Export's hours of the same watch, pushed before paths existed: the same device, no path. */
const pushed: NewSample[] = [1200, 1200, 500].map((value, h) => ({
  ...watch,
  originId: 'hae:step_count:Ada’s Apple Watch',
  start: D + (10 + h) * HOUR,
  end: D + (11 + h) * HOUR,
  value,
}));

/**
 * Migration 202611280200 on a database where an export and Health Auto Export brought the same watch
 * before paths existed: the pushed readings get their path, their days are recomputed, and the watch's
 * hours then count once.
 */
describe.each(testDialects)('pushed readings marked: the migration on %s', (dialect) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(dialect);
  });
  afterEach(() => db.close());

  const merged = async () =>
    (await new RollupsRepository(db.kysely, db.dialect).range('ada', 'steps', MERGED, DAY, DAY)).map(
      (r) => r.sum,
    );

  it('gives Health Auto Export’s earlier readings their path, and the watch counts once', async () => {
    expect((await migrateTo(db, '202611280100-sandbox-paths')).error).toBeUndefined();
    await addRawUser(db, 'ada');
    await withTodaysRollups(db, async () => {
      await new SampleWriter(db, db.bulk).writeOnce('ada', [...fromExport, ...pushed]);
      // One stream, summed: the export's 2,400 and the push's 2,900.
      expect(await merged()).toEqual([5_300]);
    });

    await migrateToLatest(db, db.pg);
    const devices = await db.kysely
      .selectFrom('samples')
      .select('device')
      .distinct()
      .orderBy('device')
      .execute();
    expect(devices.map((d) => d.device)).toEqual([
      'Ada’s Apple Watch',
      'Ada’s Apple Watch\u001fhealth-auto-export',
    ]);
    expect(await recomputeQueuedDays(db, db.bulk)).toEqual(['ada']);
    // The export's finer records win 10–12; the push adds only the hour after.
    expect(await merged()).toEqual([2_400 + 500]);
  });
});
