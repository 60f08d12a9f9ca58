import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/db/database';
import { eveningSleepDay } from '../../src/db/migrations/202611300600-evening-sleep-day';
import { userNo } from '../../src/db/user-number';
import { recomputeQueuedDays } from '../../src/modules/metrics/write/rollup-recompute';
import { MERGED, RollupsRepository } from '../../src/modules/metrics/rollups.repository';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import { dateToDay, dayToDate } from '../../src/modules/metrics/time';
import { createTestDb, testDialects, type TestDb } from '../databases';
import { withTodaysRollups } from '../db/app-on-old-schema';
import { migrateTo } from '../db/migration-steps';

/** New York in November: UTC−5. */
const NY = { utcOffsetMin: -300, tz: 'America/New_York' };
const at = (local: string) => Date.parse(`${local}-05:00`);
const stretch = (from: string, to: string, stage: string): NewSample => ({
  ...NY,
  kind: 'sleep_duration',
  start: at(from),
  end: at(to),
  value: (at(to) - at(from)) / 3_600_000,
  source: 'garmin',
  device: 'Forerunner 255',
  meta: { provenance: { stage } },
});

/**
 * Two nights and a nap, as a watch scores them, stretch by stretch. The night of 19→20 November begins
 * with 1.5 h of light sleep ending at 23:30 — before midnight — and the night of 20→21 with 0.75 h ending
 * at 23:45; each night counts for the day it ends (DESIGN), the nap for its own day.
 */
const SLEEP: NewSample[] = [
  stretch('2026-11-19T22:00:00', '2026-11-19T23:30:00', 'light'),
  stretch('2026-11-19T23:30:00', '2026-11-20T01:00:00', 'deep'),
  stretch('2026-11-20T01:00:00', '2026-11-20T06:30:00', 'light'),
  stretch('2026-11-20T14:00:00', '2026-11-20T15:00:00', 'light'),
  stretch('2026-11-20T23:00:00', '2026-11-20T23:45:00', 'light'),
  stretch('2026-11-20T23:45:00', '2026-11-21T07:00:00', 'deep'),
];
/** Time in bed as one reading a night, in minutes: the second night's ends before midnight, one stretch. */
const IN_BED: NewSample[] = [
  {
    ...NY,
    kind: 'time_in_bed',
    start: at('2026-11-19T21:50:00'),
    end: at('2026-11-20T06:40:00'),
    value: 530,
    source: 'garmin',
  },
  {
    ...NY,
    kind: 'time_in_bed',
    start: at('2026-11-20T19:00:00'),
    end: at('2026-11-20T21:00:00'),
    value: 120,
    source: 'garmin',
  },
];

/** The daily totals as the night's day → total: what the Dashboard, the metric page and insights read. */
async function totals(db: Db, user: string, kind: string): Promise<Record<string, number>> {
  const rows = await new RollupsRepository(db.kysely, db.dialect).range(
    user,
    kind,
    MERGED,
    dateToDay('2026-11-18'),
    dateToDay('2026-11-23'),
  );
  return Object.fromEntries(rows.map((r) => [dayToDate(r.local_day), Math.round(r.sum * 1000) / 1000]));
}

const NIGHTS_COUNTED_AS_WOKEN = {
  sleep_duration: { '2026-11-20': 1.5 + 1.5 + 5.5 + 1, '2026-11-21': 0.75 + 7.25 },
  time_in_bed: { '2026-11-20': 530, '2026-11-21': 120 },
};
/** As stored before the fix: each stretch on the day it ends, so an evening stretch on the day before. */
const SPLIT_AT_MIDNIGHT = {
  sleep_duration: { '2026-11-19': 1.5, '2026-11-20': 1.5 + 5.5 + 1 + 0.75, '2026-11-21': 7.25 },
  time_in_bed: { '2026-11-20': 530 + 120 },
};

describe.each(testDialects)('a night counts for the day it ends, on %s', (dialect) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(dialect);
  });
  afterEach(() => db.close());

  const addUser = (raw: Kysely<unknown>, id: string) =>
    sql`insert into users (id, email, name, password_hash, settings, created_at, updated_at)
      values (${id}, ${`${id}@example.com`}, ${id}, 'x', '{}', 0, 0)`.execute(raw);

  it('stores an evening stretch of sleep on the next day, and the daily totals whole nights', async () => {
    await migrateToLatest(db, db.pg);
    await addUser(db.kysely as unknown as Kysely<unknown>, 'ada');
    await new SampleWriter(db, db.bulk).writeOnce('ada', [...SLEEP, ...IN_BED]);
    expect(await totals(db, 'ada', 'sleep_duration')).toEqual(NIGHTS_COUNTED_AS_WOKEN.sleep_duration);
    expect(await totals(db, 'ada', 'time_in_bed')).toEqual(NIGHTS_COUNTED_AS_WOKEN.time_in_bed);
    const days = await db.kysely
      .selectFrom('samples')
      .select(['start_at', 'local_day'])
      .where('kind', '=', 'sleep_duration')
      .orderBy('start_at')
      .execute();
    expect(days.map((d) => dayToDate(Number(d.local_day)))).toEqual([
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-21',
      '2026-11-21',
    ]);
  });

  it('the migration moves stored evening stretches and recomputes both days; other people stay', async () => {
    expect((await migrateTo(db, '202611300500-workout-tracks')).error).toBeUndefined();
    const raw = db.kysely as unknown as Kysely<unknown>;
    await addUser(raw, 'ada');
    await addUser(raw, 'ben');
    // Today's code writes Ada's and Ben's data; the rollups are then keyed as they were at the time.
    await withTodaysRollups(db, async () => {
      const writer = new SampleWriter(db, db.bulk);
      await writer.writeOnce('ada', [...SLEEP, ...IN_BED]);
      // Ben sleeps 23:30→07:00 in one stretch and naps in the afternoon: nothing of his moves.
      await writer.writeOnce('ben', [
        { ...stretch('2026-11-19T23:30:00', '2026-11-20T07:00:00', 'light'), meta: undefined },
        { ...stretch('2026-11-20T13:00:00', '2026-11-20T13:30:00', 'light'), meta: undefined },
      ]);
      // Ada's data as the code before the fix stored it: every stretch on the day it ends.
      for (const s of [...SLEEP, ...IN_BED]) {
        await db.kysely
          .updateTable('samples')
          .set({ local_day: Math.floor((s.end! - 300 * 60_000) / 86_400_000) })
          .where('user_no', '=', userNo('ada'))
          .where('kind', '=', s.kind)
          .where('start_at', '=', s.start)
          .execute();
      }
      const everyDay = [18, 19, 20, 21, 22].map((d) => dateToDay(`2026-11-${d}`));
      for (const kind of ['sleep_duration', 'time_in_bed']) {
        await db.kysely
          .insertInto('rollup_recompute')
          .values(everyDay.map((local_day) => ({ user_id: 'ada', kind, local_day })))
          .execute();
      }
      await recomputeQueuedDays(db, db.bulk);
      expect(await totals(db, 'ada', 'sleep_duration')).toEqual(SPLIT_AT_MIDNIGHT.sleep_duration);
      expect(await totals(db, 'ada', 'time_in_bed')).toEqual(SPLIT_AT_MIDNIGHT.time_in_bed);
    });

    await migrateToLatest(db, db.pg);
    const queued = await db.kysely
      .selectFrom('rollup_recompute')
      .select(['user_id', 'kind', 'local_day'])
      .orderBy('kind')
      .orderBy('local_day')
      .execute();
    expect(queued.map((q) => [q.user_id, q.kind, dayToDate(q.local_day)])).toEqual([
      ['ada', 'sleep_duration', '2026-11-19'],
      ['ada', 'sleep_duration', '2026-11-20'],
      ['ada', 'sleep_duration', '2026-11-21'],
      ['ada', 'time_in_bed', '2026-11-20'],
      ['ada', 'time_in_bed', '2026-11-21'],
    ]);
    expect(await recomputeQueuedDays(db, db.bulk)).toEqual(['ada']);
    expect(await totals(db, 'ada', 'sleep_duration')).toEqual(NIGHTS_COUNTED_AS_WOKEN.sleep_duration);
    expect(await totals(db, 'ada', 'time_in_bed')).toEqual(NIGHTS_COUNTED_AS_WOKEN.time_in_bed);
    expect(await totals(db, 'ben', 'sleep_duration')).toEqual({ '2026-11-20': 8 });

    // Run again (a start cut off after the migration): nothing moves twice.
    await eveningSleepDay.up(raw, db.dialect);
    expect(await db.kysely.selectFrom('rollup_recompute').selectAll().execute()).toEqual([]);
    expect(await totals(db, 'ada', 'sleep_duration')).toEqual(NIGHTS_COUNTED_AS_WOKEN.sleep_duration);
  });
});
