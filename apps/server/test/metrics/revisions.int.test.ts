import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identityOf } from '../../src/modules/metrics/write/samples.store';
import { testDialects } from '../databases';
import { metricsFixture, type MetricsFixture } from './helpers';

/** Friday 20 November 2026 in New York, midnight to midnight. */
const DAY_START = Date.parse('2026-11-20T00:00:00-05:00');
const DAY_END = Date.parse('2026-11-21T00:00:00-05:00');
const NY = { utcOffsetMin: -300, tz: 'America/New_York' };
/** Health Auto Export's day total of the watch, as it pushes it again and again while the day goes on. */
const dayTotal = (value: number) => ({
  ...NY,
  kind: 'steps',
  source: 'apple_healthkit',
  device: 'Ada’s Apple Watch',
  originId: 'hae:step_count:Ada’s Apple Watch',
  start: DAY_START,
  end: DAY_END,
  value,
});

describe.each(testDialects)('revisions on %s', (dialect) => {
  let f: MetricsFixture;
  beforeEach(async () => {
    f = await metricsFixture(dialect);
  });
  afterEach(() => f.t.close());

  const stepsOn20th = async () => {
    const res = await f.t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=steps&bucket=day&from=2026-11-20&to=2026-11-20&tz=America/New_York',
      headers: f.ada.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { sum: number; count: number }[];
  };

  it('keeps the later of two pushes of one day total, and the day total follows', async () => {
    expect(await f.writer.writeOnce(f.ada.id, [dayTotal(1000)])).toEqual({
      inserted: 1,
      updated: 0,
      duplicates: 0,
      rejected: [],
    });
    expect((await stepsOn20th())[0]).toMatchObject({ sum: 1000, count: 1 });

    expect(await f.writer.writeOnce(f.ada.id, [dayTotal(5400)])).toEqual({
      inserted: 0,
      updated: 1,
      duplicates: 0,
      rejected: [],
    });
    expect((await stepsOn20th())[0]).toMatchObject({ sum: 5400, count: 1 });

    // The same figure again is a duplicate, not a revision.
    expect(await f.writer.writeOnce(f.ada.id, [dayTotal(5400)])).toMatchObject({
      updated: 0,
      duplicates: 1,
    });
    const stored = await f.t.db.kysely.selectFrom('samples').select(['value']).execute();
    expect(stored).toEqual([{ value: 5400 }]);
  });

  it('has goals follow a revision: the day a later push lifts past the target is met', async () => {
    const created = await f.t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: f.ada.auth,
      payload: { metric: 'steps', target: 5000, direction: 'at_least', period: 'daily' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const goalId = created.json().data.id as string;
    const dayOf = async () => {
      const res = await f.t.app.inject({ method: 'GET', url: '/api/goals', headers: f.ada.auth });
      type Goal = { id: string; progress: { history: { start: string; value: number; met: boolean }[] } };
      const goal = (res.json().data as { items: Goal[] }).items.find((g) => g.id === goalId)!;
      const history = goal.progress.history;
      return history.find((h) => h.start === '2026-11-20');
    };
    await f.writer.writeOnce(f.ada.id, [dayTotal(1000)]);
    expect(await dayOf()).toEqual({ start: '2026-11-20', value: 1000, met: false });
    await f.writer.writeOnce(f.ada.id, [dayTotal(5400)]);
    expect(await dayOf()).toEqual({ start: '2026-11-20', value: 5400, met: true });
  });

  it('replaces a revised reading inside a batch of new ones, and recomputes its day', async () => {
    const hour = 3_600_000;
    const hourly = (value: (i: number) => number) =>
      Array.from({ length: 6 }, (_, i) => ({
        ...NY,
        kind: 'steps',
        source: 'oura',
        device: 'Oura Ring',
        originId: `oura:steps:${i}`,
        start: DAY_START + (8 + i) * hour,
        end: DAY_START + (9 + i) * hour,
        value: value(i),
      }));
    await f.writer.writeOnce(f.ada.id, hourly(() => 100).slice(0, 4));
    expect((await stepsOn20th())[0]).toMatchObject({ sum: 400 });
    // Oura answers the morning again with hour 2 re-counted, and two new hours.
    const result = await f.writer.writeOnce(
      f.ada.id,
      hourly((i) => (i === 2 ? 250 : 100)),
    );
    expect(result).toEqual({ inserted: 2, updated: 1, duplicates: 3, rejected: [] });
    expect((await stepsOn20th())[0]).toMatchObject({ sum: 750 });
  });

  it('deletes what the provider deleted, by origin id, and what a full re-fetch no longer answers', async () => {
    const weigh = (id: string, at: number, value: number) => ({
      ...NY,
      kind: 'weight',
      source: 'withings',
      device: 'Body+',
      originId: `withings:${id}`,
      start: at,
      value,
      unit: 'kg',
    });
    const morning = DAY_START + 7 * 3_600_000;
    const samples = [
      weigh('1', morning, 70.2),
      weigh('2', morning + 60_000, 91.4),
      weigh('3', morning + 120_000, 70.1),
    ];
    await f.writer.writeOnce(f.ada.id, samples);
    // Ada's guest stepped on the scale: she deletes weigh-in 2 at Withings.
    expect(await f.store.deleteOrigins(f.ada.id, 'withings', ['weight'], ['withings:2'])).toBe(1);
    // The window is fetched again and weigh-in 3 is gone too; weigh-in 1 is answered as before.
    const seen = new Set([identityOf(samples[0]!)!]);
    expect(await f.store.deleteMissing(f.ada.id, 'withings', ['weight'], DAY_START, DAY_END, seen)).toBe(1);
    const left = await f.t.db.kysely.selectFrom('samples').select(['value']).execute();
    expect(left).toEqual([{ value: 70.2 }]);
    const res = await f.t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=weight&bucket=day&from=2026-11-20&to=2026-11-20&tz=America/New_York',
      headers: f.ada.auth,
    });
    expect(res.json().data.items[0]).toMatchObject({ count: 1, avg: 70.2 });
    // A weigh-in of the same scale from an imported Withings file is not the API's to take back.
    await f.writer.writeOnce(f.ada.id, [{ ...weigh('csv-1', morning + 180_000, 70.3), path: 'withings' }]);
    expect(await f.store.deleteMissing(f.ada.id, 'withings', ['weight'], DAY_START, DAY_END, seen)).toBe(0);
  });
});
