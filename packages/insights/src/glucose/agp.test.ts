import { describe, expect, it } from 'vitest';
import { mulberry32, normal } from '../test-support/random';
import { ambulatoryGlucoseProfile, glucoseStats, type GlucoseReading } from './agp';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** 1 June 2026, local day 20_605. */
const FROM_DAY = 20_605;
const DAYS = 14;
/** Readings taken in UTC+2: the profile is by the person's clock. */
const OFFSET = 120;

/** Ben, type-1 diabetic on a Dexcom: 14 days every 5 minutes, higher after meals, a few lows at night. */
function ben(): GlucoseReading[] {
  const random = mulberry32(7);
  const out: GlucoseReading[] = [];
  for (let i = 0; i < DAYS * 288; i++) {
    // Local midnight of FROM_DAY is 22:00 UTC the day before.
    const at = FROM_DAY * DAY_MS - OFFSET * MINUTE_MS + i * 5 * MINUTE_MS;
    if (i % 97 === 0) continue; // the sensor drops a reading now and then
    const hour = ((i * 5) / 60) % 24;
    const meal = hour >= 12 && hour < 15 ? 90 : hour >= 19 && hour < 22 ? 70 : 0;
    const night = hour < 5 ? -35 : 0;
    out.push({
      at,
      offsetMin: OFFSET,
      value: Math.max(40, Math.round(normal(random, 140 + meal + night, 30))),
    });
  }
  return out;
}

/** Nearest-rank-free percentile written out directly: position (n − 1)·p between the two ranks around it. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * (p / 100);
  const below = Math.floor(pos);
  const above = Math.ceil(pos);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (pos - below);
}

describe('ambulatory glucose profile', () => {
  const readings = ben();
  const agp = ambulatoryGlucoseProfile(readings, FROM_DAY, FROM_DAY + DAYS - 1);

  it('gives the 5/25/50/75/95th percentiles of each 15-minute bin of the local day', () => {
    expect(agp.bins).toHaveLength(96);
    for (const bin of [0, 17, 50, 52, 80, 95]) {
      // Bin `bin` holds local times bin·15 … bin·15 + 14 minutes, on every day.
      const values = readings
        .filter((r) => {
          const localMinute = ((((r.at + r.offsetMin * MINUTE_MS) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS;
          return Math.floor(localMinute / 15) === bin;
        })
        .map((r) => r.value);
      expect(agp.bins[bin]!.n).toBe(values.length);
      for (const p of [5, 25, 50, 75, 95] as const) {
        expect(agp.bins[bin]![`p${p}`]).toBeCloseTo(percentile(values, p), 10);
      }
    }
    // Lunch shows in the median: 12:00–15:00 local is well above the night.
    expect(agp.bins[52]!.p50!).toBeGreaterThan(agp.bins[8]!.p50! + 80);
  });

  it('gives time in the five consensus ranges, mean, SD, CV and GMI as computed directly', () => {
    const values = readings.map((r) => r.value);
    const n = values.length;
    const share = (test: (v: number) => boolean) => values.filter(test).length / n;
    const mean = values.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
    const stats = agp.stats!;
    expect(stats.n).toBe(n);
    expect(stats.ranges.veryLow).toBeCloseTo(
      share((v) => v < 54),
      12,
    );
    expect(stats.ranges.low).toBeCloseTo(
      share((v) => v >= 54 && v <= 69),
      12,
    );
    expect(stats.ranges.inRange).toBeCloseTo(
      share((v) => v >= 70 && v <= 180),
      12,
    );
    expect(stats.ranges.high).toBeCloseTo(
      share((v) => v >= 181 && v <= 250),
      12,
    );
    expect(stats.ranges.veryHigh).toBeCloseTo(
      share((v) => v > 250),
      12,
    );
    expect(stats.mean).toBeCloseTo(mean, 10);
    expect(stats.sd).toBeCloseTo(sd, 10);
    expect(stats.cv).toBeCloseTo(sd / mean, 12);
    expect(stats.gmi).toBeCloseTo(3.31 + 0.02392 * mean, 12);
  });

  it('says how much of the time the CGM was active, and gives daily profiles', () => {
    expect(agp.intervalMin).toBe(5);
    expect(agp.active).toBeCloseTo(readings.length / (DAYS * 288), 12);
    expect(agp.daysWithData).toBe(14);
    expect(agp.sufficient).toBe(true);
    expect(agp.daily).toHaveLength(14);
    const first = agp.daily[0]!;
    expect(first.day).toBe(FROM_DAY);
    const hour13 = readings.filter(
      (r) => r.at >= FROM_DAY * DAY_MS + 11 * 3_600_000 && r.at < FROM_DAY * DAY_MS + 12 * 3_600_000,
    );
    expect(first.hourly[13]).toBeCloseTo(hour13.reduce((a, r) => a + r.value, 0) / hour13.length, 10);
  });

  it('leaves out readings outside the period and says a week is not enough for a profile', () => {
    const week = ambulatoryGlucoseProfile(readings, FROM_DAY, FROM_DAY + 6);
    expect(week.daysWithData).toBe(7);
    expect(week.sufficient).toBe(false);
    expect(week.stats!.n).toBe(
      readings.filter((r) => r.at < (FROM_DAY + 7) * DAY_MS - OFFSET * MINUTE_MS).length,
    );
    expect(glucoseStats([])).toBeUndefined();
  });
});
