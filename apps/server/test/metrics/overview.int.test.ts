import type { MetricsOverview } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { dateToDay, dayStartIn } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { MINUTE, metricsFixture, type MetricsFixture } from './helpers';

const HOUR = 60 * MINUTE;
const tz = 'America/New_York';
/** Local midnight in New York `daysAgo` days before NOW (07:00 there); summer time ended on November 1. */
const midnight = (daysAgo: number) => dayStartIn(tz, dateToDay('2026-11-22') - daysAgo);

/**
 * Ada's persona for the overview: her watch and her phone both count her morning steps (the watch
 * wins), a day-long energy total on five days, a resting heart rate of 50 with yesterday's 56, one
 * weigh-in 40 days ago, and last night scored by Garmin with its stages. Ben wears a Dexcom.
 */
function adaSamples(): NewSample[] {
  const out: NewSample[] = [];
  const watch = { source: 'garmin', device: 'Forerunner 965', tz };
  const phone = { source: 'apple_healthkit', device: 'iPhone 16', tz };
  for (let d = 1; d <= 28; d++) {
    // 06:00–09:00: 100 steps a quarter on the watch, 80 on the phone in the same quarters.
    for (let q = 0; q < 12; q++) {
      const start = midnight(d) + 6 * HOUR + q * 15 * MINUTE;
      out.push({ ...watch, kind: 'steps', start, end: start + 15 * MINUTE, value: 100 });
      out.push({ ...phone, kind: 'steps', start, end: start + 15 * MINUTE, value: 80 });
    }
  }
  // Today so far: 06:00–06:45 on the watch.
  for (let q = 0; q < 3; q++) {
    const start = midnight(0) + 6 * HOUR + q * 15 * MINUTE;
    out.push({ ...watch, kind: 'steps', start, end: start + 15 * MINUTE, value: 100 });
  }
  for (let d = 1; d <= 5; d++) {
    out.push({
      ...watch,
      kind: 'active_calories_burned',
      start: midnight(d),
      end: midnight(d - 1),
      value: 960,
    });
  }
  for (let d = 1; d <= 31; d++) {
    out.push({
      ...watch,
      kind: 'resting_heart_rate',
      start: midnight(d) + 6 * HOUR,
      value: d === 1 ? 56 : 50,
    });
  }
  out.push({ ...phone, kind: 'weight', start: midnight(40) + 7 * HOUR, value: 70, unit: 'kg' });
  out.push({
    ...watch,
    kind: 'sleep_duration',
    start: midnight(0) - 1 * HOUR,
    end: midnight(0) + 6.5 * HOUR,
    value: 7,
    unit: 'h',
    originId: 'sleep-1',
    meta: { provenance: { deepMin: 80, lightMin: 250, remMin: 90, awakeMin: 30 } },
  });
  out.push({ ...watch, kind: 'blood_glucose', start: midnight(3) + 8 * HOUR, value: 91, unit: 'mg/dL' });
  return out;
}

/** Ben's Dexcom: three days of five-minute readings, one in ten low (65), one in ten high (190). */
function benSamples(): NewSample[] {
  const out: NewSample[] = [];
  const dexcom = { source: 'dexcom', device: 'G7', tz };
  for (let d = 1; d <= 3; d++) {
    for (let i = 0; i < 288; i++) {
      const value = i % 10 === 0 ? 65 : i % 10 === 1 ? 190 : 110;
      out.push({
        ...dexcom,
        kind: 'blood_glucose',
        start: midnight(d) + i * 5 * MINUTE,
        value,
        unit: 'mg/dL',
      });
    }
  }
  return out;
}

describe.each(testDialects)('GET /api/metrics/overview on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
    await f.writer.writeOnce(f.ada.id, adaSamples());
    await f.writer.writeOnce(f.ben.id, benSamples());
  });
  afterAll(() => f.t.close());

  const overview = async (auth: { authorization: string }) => {
    const res = await f.t.app.inject({
      method: 'GET',
      url: `/api/metrics/overview?tz=${encodeURIComponent(tz)}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    return res.json().data as MetricsOverview;
  };

  it("tells today so far against the usual by this time of day, counting the watch's steps once", async () => {
    const o = await overview(f.ada.auth);
    expect(o.today).toBe('2026-11-22');
    expect(o.todaySoFar.map((t) => t.type)).toEqual(['steps', 'active_calories_burned']);
    const [steps, energy] = o.todaySoFar;
    // By 07:00: four quarters of the watch's 100 (the phone's 80 in the same quarters do not add).
    expect(steps).toMatchObject({
      value: 300,
      usual: 400,
      usualDays: 28,
      asOf: '2026-11-22T07:00:00.000-05:00',
    });
    // 7/24 of each day's 960 kcal, on only five days: too few for a usual.
    expect(energy).toMatchObject({ value: 0, usual: null, usualDays: 5 });
  });

  it('labels a weigh-in of 40 days ago as stale, and gives each card 30 days and a baseline', async () => {
    const o = await overview(f.ada.auth);
    const weight = o.items.find((i) => i.type === 'weight')!;
    expect(weight).toMatchObject({ ageDays: 40, cadenceDays: 14, stale: true, baseline: null });
    expect(weight.spark).toEqual(Array.from({ length: 30 }, () => null));

    const rhr = o.items.find((i) => i.type === 'resting_heart_rate')!;
    expect(rhr).toMatchObject({ ageDays: 1, cadenceDays: 2, stale: false, baseline: 50 });
    expect(rhr.latest.value).toBe(56);
    expect(rhr.spark).toHaveLength(30);
    expect(rhr.spark[0]).toBe(50);
    expect(rhr.spark[28]).toBe(56);
    expect(rhr.spark[29]).toBeNull();

    const steps = o.items.find((i) => i.type === 'steps')!;
    expect(steps).toMatchObject({ ageDays: 0, stale: false, baseline: 1200 });
    expect(steps.spark[29]).toBe(300);
    expect(steps.spark[28]).toBe(1200);
  });

  it("shows last night's sleep with its stages; a lab glucose is no CGM", async () => {
    const o = await overview(f.ada.auth);
    expect(o.sleep).toEqual({
      night: '2026-11-22',
      asleepMin: 420,
      inBedMin: null,
      start: '2026-11-21T23:00:00.000-05:00',
      end: '2026-11-22T06:30:00.000-05:00',
      source: 'garmin',
      device: 'Forerunner 965',
      stages: { deep: 80, light: 250, rem: 90, awake: 30 },
      ageDays: 0,
      stale: false,
    });
    expect(o.glucose).toBeNull();
  });

  it("gives a CGM wearer time in range of the last 14 days, and only that person's data", async () => {
    const o = await overview(f.ben.auth);
    expect(o.items.map((i) => i.type)).toEqual(['blood_glucose']);
    expect(o.todaySoFar).toEqual([]);
    expect(o.sleep).toBeNull();
    expect(o.glucose).not.toBeNull();
    const g = o.glucose!;
    expect(g).toMatchObject({ from: '2026-11-09', to: '2026-11-22', readings: 864, sources: ['dexcom'] });
    expect(g.ranges.low).toBeCloseTo(87 / 864, 10);
    expect(g.ranges.high).toBeCloseTo(87 / 864, 10);
    expect(g.ranges.inRange).toBeCloseTo(690 / 864, 10);
    expect(g.ranges.veryLow).toBe(0);
    expect(g.mean).toBeCloseTo((87 * 65 + 87 * 190 + 690 * 110) / 864, 10);
  });

  it('answers 401 without a session', async () => {
    const res = await f.t.app.inject({ method: 'GET', url: '/api/metrics/overview' });
    expect(res.statusCode).toBe(401);
  });
});
