import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { metricsFixture, MINUTE, NOW, perMinute, type MetricsFixture } from './helpers';
import { userNo } from '../../src/db/user-number';

const garmin = {
  kind: 'heart_rate',
  source: 'garmin',
  device: 'Forerunner 965',
  utcOffsetMin: 0,
  tz: 'UTC',
};

/**
 * Issue 25, item 3: a large write (an import's batch) lets the event loop run while it writes, and
 * another person's reads are answered meanwhile — on SQLite from a connection of their own
 * (db/sqlite/sqlite-driver.ts), on the last committed state.
 */
describe.each(testDialects)('other requests during a large write on %s', (dialect) => {
  let f: MetricsFixture;
  beforeEach(async () => {
    f = await metricsFixture(dialect);
  });
  afterEach(() => f.t.close());

  it('answers another person’s reads while a batch writes, and the batch’s rows only once it has committed', async () => {
    await f.writer.writeOnce(
      f.ben.id,
      perMinute(garmin, NOW - 2 * 1440 * MINUTE, 1440, (i) => 60 + (i % 30)),
    );
    const benDay = await f.t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=heart_rate&bucket=day&from=2026-11-01&to=2026-11-22&tz=UTC',
      headers: f.ben.auth,
    });
    expect(benDay.statusCode).toBe(200);

    // Thirty days of Ada's minutes: one transaction of 43 200 samples with its rollups.
    let committed = false;
    const writing = f.writer
      .writeOnce(
        f.ada.id,
        perMinute(garmin, NOW - 40 * 1440 * MINUTE, 30 * 1440, (i) => 50 + (i % 70)),
      )
      .then((result) => {
        committed = true;
        return result;
      });
    // Ben's reads, one after another, for as long as Ada's batch writes.
    const answered: { status: number; adaDays: number }[] = [];
    while (!committed) {
      const res = await f.t.app.inject({
        method: 'GET',
        url: '/api/metrics?type=heart_rate&bucket=day&from=2026-11-01&to=2026-11-22&tz=UTC',
        headers: f.ben.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(benDay.body);
      // Ada's days, read outside her transaction.
      const ada = await f.t.db.kysely
        .selectFrom('daily_rollups')
        .select('local_day')
        .where('user_no', '=', userNo(f.ada.id))
        .execute();
      answered.push({ status: res.statusCode, adaDays: ada.length });
    }
    const result = await writing;
    expect(result.inserted).toBe(30 * 1440);
    const days = (
      await f.t.db.kysely
        .selectFrom('daily_rollups')
        .select('local_day')
        .where('user_no', '=', userNo(f.ada.id))
        .execute()
    ).length;
    expect(days).toBeGreaterThan(0);
    // Answered while the batch was still writing (before, the batch held SQLite's one connection until it
    // committed), and never on part of it: a read sees the last committed state.
    expect(answered.filter((a) => a.adaDays === 0).length).toBeGreaterThan(0);
    for (const a of answered) expect([0, days]).toContain(a.adaDays);
  });

  it('lets timers run while a large batch writes', async () => {
    let ticks = 0;
    let writing = true;
    const timer = setInterval(() => writing && ticks++, 1);
    try {
      await f.writer.writeOnce(
        f.ada.id,
        perMinute(garmin, NOW - 40 * 1440 * MINUTE, 30 * 1440, (i) => 50 + (i % 70)),
      );
      writing = false;
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
