import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dateToDay } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { metricsFixture, MINUTE, perMinute, type MetricsFixture } from './helpers';

/** 08:00 in New York on Friday 20 November 2026. */
const MORNING = Date.parse('2026-11-20T08:00:00-05:00');
const NY = { utcOffsetMin: -300, tz: 'America/New_York' };
const watch = { ...NY, kind: 'steps', source: 'apple_healthkit', device: 'Apple Watch' };
const phone = { ...NY, kind: 'step_count', source: 'apple_healthkit', device: 'iPhone' };

describe.each(testDialects)('sample store and merged totals on %s', (dialect) => {
  let f: MetricsFixture;
  beforeEach(async () => {
    f = await metricsFixture(dialect);
  });
  afterEach(() => f.t.close());

  const get = async (url: string) => {
    const res = await f.t.app.inject({ method: 'GET', url, headers: f.ada.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const stepsOn20th = async () =>
    (await get('/api/metrics?type=steps&bucket=day&from=2026-11-20&to=2026-11-20&tz=America/New_York')).items;

  it('refuses a batch for an account that no longer exists and writes none of it', async () => {
    const heart = perMinute(
      { ...NY, kind: 'heart_rate', source: 'garmin', device: 'Forerunner 965' },
      MORNING,
      600,
      (i) => 60 + (i % 40),
      false,
    );
    await expect(f.writer.writeOnce('no-such-user', heart)).rejects.toThrow();
    const count = async (table: 'samples' | 'daily_rollups') =>
      Number(
        (
          await f.t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('samples')).toBe(0);
    expect(await count('daily_rollups')).toBe(0);
    // The account's own batch goes in.
    expect((await f.writer.writeOnce(f.ada.id, heart)).inserted).toBe(600);
  });

  it('writes idempotently: the same batch twice adds nothing', async () => {
    const heart = perMinute(
      { ...NY, kind: 'heart_rate', source: 'garmin', device: 'Forerunner 965' },
      MORNING,
      1300,
      (i) => 60 + (i % 40),
      false,
    );
    expect(await f.writer.writeOnce(f.ada.id, heart)).toEqual({
      inserted: 1300,
      updated: 0,
      duplicates: 0,
      rejected: [],
    });
    const rollupsBefore = await f.t.db.kysely
      .selectFrom('daily_rollups')
      .selectAll()
      .orderBy('source')
      .execute();
    expect(await f.writer.writeOnce(f.ada.id, heart)).toEqual({
      inserted: 0,
      updated: 0,
      duplicates: 1300,
      rejected: [],
    });
    expect(await f.t.db.kysely.selectFrom('daily_rollups').selectAll().orderBy('source').execute()).toEqual(
      rollupsBefore,
    );

    // Half old, half new: only the new half counts, and the rollups stay exact.
    const more = perMinute(
      { ...NY, kind: 'heart_rate', source: 'garmin', device: 'Forerunner 965' },
      MORNING + 650 * MINUTE,
      1300,
      (i) => 60 + ((i + 650) % 40),
      false,
    );
    expect(await f.writer.writeOnce(f.ada.id, more)).toMatchObject({ inserted: 650, duplicates: 650 });
    const days = await get(
      '/api/metrics?type=hr&bucket=day&from=2026-11-19&to=2026-11-23&tz=America/New_York',
    );
    expect(days.items.reduce((a: number, d: { count: number }) => a + d.count, 0)).toBe(1950);
    const count = await f.t.db.kysely
      .selectFrom('samples')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1950);
  });

  it('reports bad samples as data and writes the rest', async () => {
    const result = await f.writer.writeOnce(f.ada.id, [
      { ...watch, start: MORNING, end: MORNING + MINUTE, value: 80 },
      { ...watch, kind: 'vibes', start: MORNING, value: 1 },
      { ...watch, start: MORNING + MINUTE, end: MORNING + 2 * MINUTE, value: -3 },
      { ...watch, kind: 'weight', start: MORNING, value: 150, unit: 'parsecs' },
    ]);
    expect(result.inserted).toBe(1);
    expect(result.rejected.map((r) => [r.index, r.field])).toEqual([
      [1, 'type'],
      [2, 'value'],
      [3, 'unit'],
    ]);
  });

  it('counts overlapping watch and phone steps once, and explains why', async () => {
    // Ada walks 08:00–09:00 with both; the watch is on the charger 09:00–09:30 while the phone keeps counting.
    await f.writer.writeOnce(f.ada.id, [
      ...perMinute(watch, MORNING, 60, () => 100),
      ...perMinute(phone, MORNING, 90, () => 90),
    ]);
    expect((await stepsOn20th())[0]).toMatchObject({
      sum: 60 * 100 + 30 * 90,
      start: '2026-11-20T00:00:00.000-05:00',
    });

    const why = await get('/api/metrics/why?type=steps&date=2026-11-20');
    expect(why).toMatchObject({ type: 'steps', value: 8700, count: 90 });
    expect(why.streams).toEqual([
      {
        source: 'apple_healthkit',
        device: 'Apple Watch',
        rank: 1,
        contributed: 6000,
        samples: 60,
        samplesUsed: 60,
        msWon: 60 * MINUTE,
        ownValue: 6000,
        paths: [{ path: null, label: 'Apple Health', contributed: 6000, samples: 60, samplesUsed: 60 }],
      },
      {
        source: 'apple_healthkit',
        device: 'iPhone',
        rank: 2,
        contributed: 2700,
        samples: 90,
        samplesUsed: 30,
        msWon: 30 * MINUTE,
        ownValue: 8100,
        paths: [{ path: null, label: 'Apple Health', contributed: 2700, samples: 90, samplesUsed: 30 }],
      },
    ]);

    // A late batch from the phone only (a second phone sync) re-merges the day.
    await f.writer.writeOnce(
      f.ada.id,
      perMinute(phone, MORNING + 90 * MINUTE, 10, () => 50),
    );
    expect((await stepsOn20th())[0].sum).toBe(8700 + 500);
    // Per source, the devices of one source are merged too.
    const perSource = await get(
      '/api/metrics?type=steps&bucket=day&from=2026-11-20&to=2026-11-20&tz=America/New_York&source=apple_healthkit',
    );
    expect(perSource.items[0].sum).toBe(9200);
  });

  it('recomputes merged days when the user changes the priority', async () => {
    await f.writer.writeOnce(f.ada.id, [
      ...perMinute(watch, MORNING, 60, () => 100),
      ...perMinute(phone, MORNING, 60, () => 90),
    ]);
    // A single-stream day is unaffected by the order.
    await f.writer.writeOnce(
      f.ada.id,
      perMinute(watch, MORNING - 86_400_000, 10, () => 10),
    );
    expect((await stepsOn20th())[0].sum).toBe(6000);

    const before = await get('/api/metrics/priorities?type=steps');
    expect(before).toEqual({
      type: 'steps',
      customized: false,
      order: [
        { source: 'apple_healthkit', device: 'Apple Watch', rank: 1, tier: 'wearable' },
        { source: 'apple_healthkit', device: 'iPhone', rank: 2, tier: 'phone' },
      ],
    });
    const put = await f.t.app.inject({
      method: 'PUT',
      url: '/api/metrics/priorities',
      headers: f.ada.auth,
      payload: { type: 'step_count', order: [{ source: 'apple_healthkit', device: 'iPhone' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.order.map((o: { device: string; tier: string }) => [o.device, o.tier])).toEqual([
      ['iPhone', 'custom'],
      ['Apple Watch', 'wearable'],
    ]);
    expect((await stepsOn20th())[0].sum).toBe(5400);
    expect((await get('/api/metrics/why?type=steps&date=2026-11-20')).streams[0].device).toBe('iPhone');
    const week = await get(
      '/api/metrics?type=steps&bucket=week&from=2026-11-16&to=2026-11-22&tz=America/New_York',
    );
    expect(week.items).toEqual([
      expect.objectContaining({
        start: '2026-11-16T00:00:00.000-05:00',
        end: '2026-11-23T00:00:00.000-05:00',
        sum: 5400 + 100,
      }),
    ]);

    await f.t.app.inject({
      method: 'PUT',
      url: '/api/metrics/priorities',
      headers: f.ada.auth,
      payload: { type: 'steps', order: [] },
    });
    expect((await stepsOn20th())[0].sum).toBe(6000);
  });

  it('counts a night of sleep for the day Ada wakes up', async () => {
    // 23:10 on the 19th to 06:40 on the 20th in New York.
    const start = Date.parse('2026-11-19T23:10:00-05:00');
    await f.writer.writeOnce(f.ada.id, [
      {
        ...NY,
        kind: 'sleep_hours',
        source: 'oura',
        device: 'Oura Ring',
        start,
        end: start + 7.5 * 3_600_000,
        value: 7.5,
      },
    ]);
    const rows = await f.t.db.kysely.selectFrom('samples').select(['kind', 'local_day']).execute();
    expect(rows).toEqual([{ kind: 'sleep_duration', local_day: dateToDay('2026-11-20') }]);
    const days = await get(
      '/api/metrics?type=sleep&bucket=day&from=2026-11-18&to=2026-11-21&tz=America/New_York',
    );
    expect(days.items.map((d: { start: string; sum: number }) => [d.start, d.sum])).toEqual([
      ['2026-11-20T00:00:00.000-05:00', 7.5],
    ]);
  });

  it('answers hour buckets merged, and raw samples of every stream', async () => {
    await f.writer.writeOnce(f.ada.id, [
      ...perMinute(watch, MORNING, 60, () => 100),
      ...perMinute(phone, MORNING, 90, () => 90),
    ]);
    const hours = await get(
      '/api/metrics?type=steps&bucket=hour&from=2026-11-20T08:00:00-05:00&to=2026-11-20T10:00:00-05:00&tz=America/New_York',
    );
    expect(hours.items.map((h: { start: string; sum: number }) => [h.start, h.sum])).toEqual([
      ['2026-11-20T08:00:00.000-05:00', 6000],
      ['2026-11-20T09:00:00.000-05:00', 2700],
    ]);
    const raw = await get(
      '/api/metrics?type=steps&from=2026-11-20T08:00:00-05:00&to=2026-11-20T08:01:00-05:00',
    );
    expect(raw.items.map((i: { device: string; start: string }) => [i.device, i.start])).toEqual([
      ['Apple Watch', '2026-11-20T08:00:00.000-05:00'],
      ['iPhone', '2026-11-20T08:00:00.000-05:00'],
    ]);
  });
});
