import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { metricsFixture, MINUTE, type MetricsFixture } from './helpers';

/** Friday 20 November 2026 in New York. */
const DAY_START = Date.parse('2026-11-20T00:00:00-05:00');
const HOUR = 60 * MINUTE;
const NY = { utcOffsetMin: -300, tz: 'America/New_York' };
const watch = { ...NY, kind: 'steps', source: 'apple_healthkit', device: 'Ada’s Apple Watch' };

/** The watch's records as export.xml lists them: 5 minutes each, 08:00–10:00, 100 steps each. */
const fromExport = Array.from({ length: 24 }, (_, i) => ({
  ...watch,
  path: 'apple-health',
  start: DAY_START + 8 * HOUR + i * 5 * MINUTE,
  end: DAY_START + 8 * HOUR + (i + 1) * 5 * MINUTE,
  value: 100,
}));

describe.each(testDialects)('one reading counts once, whatever path it took, on %s', (dialect) => {
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
    (await get('/api/metrics?type=steps&bucket=day&from=2026-11-20&to=2026-11-20&tz=America/New_York'))
      .items[0] as { sum: number };

  it('counts the watch once when export.zip and Health Auto Export bring the same hours', async () => {
    await f.writer.writeOnce(f.ada.id, fromExport);
    // Health Auto Export pushes the same watch by the hour, one hour past what the export holds.
    const hourly = [1200, 1200, 500].map((value, h) => ({
      ...watch,
      path: 'health-auto-export',
      originId: 'hae:step_count:Ada’s Apple Watch',
      start: DAY_START + (8 + h) * HOUR,
      end: DAY_START + (9 + h) * HOUR,
      value,
    }));
    await f.writer.writeOnce(f.ada.id, hourly);
    // The finer export wins 08–10; the push adds only the hour the export does not have.
    expect((await stepsOn20th()).sum).toBe(2400 + 500);

    const why = await get('/api/metrics/why?type=steps&date=2026-11-20');
    expect(why.value).toBe(2900);
    expect(why.streams).toEqual([
      {
        source: 'apple_healthkit',
        device: 'Ada’s Apple Watch',
        rank: 1,
        contributed: 2900,
        samples: 27,
        samplesUsed: 25,
        msWon: 3 * HOUR,
        ownValue: 2900,
        paths: [
          {
            path: 'apple-health',
            label: 'Apple Health export (export.zip or export.xml)',
            contributed: 2400,
            samples: 24,
            samplesUsed: 24,
          },
          {
            path: 'health-auto-export',
            label: expect.stringContaining('Health Auto Export'),
            contributed: 500,
            samples: 3,
            samplesUsed: 1,
          },
        ],
      },
    ]);
    // Raw readings say which path each came by; the device is the watch's name alone.
    const raw = await get(
      '/api/metrics?type=steps&from=2026-11-20T10:00:00-05:00&to=2026-11-20T11:00:00-05:00&tz=America/New_York',
    );
    expect(raw.items.map((i: { device: string; path: string }) => [i.device, i.path])).toContainEqual([
      'Ada’s Apple Watch',
      'health-auto-export',
    ]);
  });

  it('lets a day total fill only what finer readings of the same device leave open', async () => {
    await f.writer.writeOnce(f.ada.id, fromExport);
    // The push's day total holds the export's 2,400 and 2,600 more taken outside 08–10.
    await f.writer.writeOnce(f.ada.id, [
      {
        ...watch,
        path: 'health-auto-export',
        originId: 'hae:step_count:Ada’s Apple Watch',
        start: DAY_START,
        end: DAY_START + 24 * HOUR,
        value: 5000,
      },
    ]);
    expect((await stepsOn20th()).sum).toBe(5000);
    // Pushed again later in the day with the watch's growing total: replaced, still counted once.
    const revised = await f.writer.writeOnce(f.ada.id, [
      {
        ...watch,
        path: 'health-auto-export',
        originId: 'hae:step_count:Ada’s Apple Watch',
        start: DAY_START,
        end: DAY_START + 24 * HOUR,
        value: 6400,
      },
    ]);
    expect(revised).toMatchObject({ inserted: 0, updated: 1 });
    expect((await stepsOn20th()).sum).toBe(6400);
  });

  it('takes a pushed hour written as an instant for the coarser reading, not the finer', async () => {
    await f.writer.writeOnce(f.ada.id, fromExport);
    // Health Auto Export writes each hour's total at the hour's start, with no end.
    await f.writer.writeOnce(
      f.ada.id,
      [1200, 1200, 700].map((value, h) => ({
        ...watch,
        path: 'health-auto-export',
        originId: 'hae:step_count:Ada’s Apple Watch',
        start: DAY_START + (8 + h) * HOUR,
        value,
      })),
    );
    expect((await stepsOn20th()).sum).toBe(2400 + 700);
  });

  it('reads a day total written at midnight with no end as the whole day, not as one more reading', async () => {
    await f.writer.writeOnce(f.ada.id, fromExport);
    // Health Auto Export grouped by day: "5,000 steps at 2026-11-20 00:00".
    await f.writer.writeOnce(f.ada.id, [
      {
        ...watch,
        path: 'health-auto-export',
        originId: 'hae:step_count:Ada’s Apple Watch',
        start: DAY_START,
        value: 5000,
      },
    ]);
    expect((await stepsOn20th()).sum).toBe(5000);
  });

  it('still lets a better device outrank: the watch by any path before the phone', async () => {
    await f.writer.writeOnce(f.ada.id, fromExport);
    await f.writer.writeOnce(
      f.ada.id,
      fromExport.map((s) => ({ ...s, device: 'Ada’s iPhone', value: 90 })),
    );
    expect((await stepsOn20th()).sum).toBe(2400);
  });
});
