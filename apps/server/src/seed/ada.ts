import type { NewSample } from '../modules/metrics';
import { noise, seededRandom } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const ADA = {
  name: 'Ada Lovelace',
  tz: 'America/New_York',
  about: 'marathoner with a Garmin watch, an Oura ring and her iPhone; labs twice a year at Quest',
} as const;

/** New York's offset for an instant (−4 h in summer, −5 h in winter), without a time-zone library. */
function newYorkOffsetMin(at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: ADA.tz, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-]\d+)/.exec(parts ?? '');
  return match ? Number(match[1]) * 60 : -300;
}

/** Local midnight of the day `daysAgo` before `now`, in Ada's zone. */
function localMidnight(now: number, daysAgo: number): number {
  const probe = now - daysAgo * DAY;
  const offset = newYorkOffsetMin(probe) * MINUTE;
  return Math.floor((probe + offset) / DAY) * DAY - offset;
}

/**
 * Ada, a marathoner: a year of synthetic data as her devices would record it. Watch and phone both count
 * steps (the merge must not double count), the ring measures sleep and HRV, two lab panels, one high LDL.
 */
export function adaYear(now: number, days = 365): NewSample[] {
  const random = seededRandom(1815);
  const out: NewSample[] = [];
  const tz = ADA.tz;
  const watch = { source: 'garmin', device: 'Forerunner 965', tz };
  const phone = { source: 'apple_healthkit', device: 'iPhone 16', tz };
  const ring = { source: 'oura', device: 'Oura Ring 4', tz };

  for (let d = days; d >= 1; d--) {
    const midnight = localMidnight(now, d);
    const fitness = (days - d) / days; // she gets fitter through the year
    const runDay = d % 7 === 1 || d % 7 === 3 || d % 7 === 5 || d % 7 === 6;
    const watchOffFrom = random() < 0.2 ? 14 : 99; // some afternoons the watch is on the charger

    for (let h = 7; h < 22; h++) {
      for (let q = 0; q < 4; q++) {
        const start = midnight + h * HOUR + q * 15 * MINUTE;
        const running = runDay && h === 7;
        const base = running ? 2400 : 40 + random() * 220;
        const steps = Math.max(0, Math.round(base + noise(random, 40)));
        if (h < watchOffFrom)
          out.push({ ...watch, kind: 'steps', start, end: start + 15 * MINUTE, value: steps });
        if (!running) {
          const pocket = Math.round(steps * (0.85 + random() * 0.1));
          out.push({ ...phone, kind: 'steps', start, end: start + 15 * MINUTE, value: pocket });
        }
      }
    }
    for (let m = 0; m < 24 * 60; m += 10) {
      const at = midnight + m * MINUTE;
      const asleep = m < 6 * 60 + 30 || m >= 23 * 60;
      const running = runDay && m >= 7 * 60 && m < 8 * 60;
      const bpm = running
        ? 148 + noise(random, 8)
        : asleep
          ? 50 - fitness * 3 + noise(random, 2)
          : 66 + noise(random, 6);
      out.push({ ...watch, kind: 'heart_rate', start: at, value: Math.round(bpm) });
    }
    if (runDay) {
      const km = 8 + random() * 6 + (d % 7 === 6 ? 12 : 0);
      const start = midnight + 7 * HOUR;
      out.push({
        ...watch,
        kind: 'distance',
        start,
        end: start + HOUR,
        value: Math.round(km * 1000),
        unit: 'm',
      });
      out.push({ ...watch, kind: 'exercise_minutes', start, end: start + HOUR, value: 60 });
    }
    out.push({
      ...watch,
      kind: 'active_calories_burned',
      start: midnight,
      end: midnight + DAY,
      value: Math.round((runDay ? 900 : 450) + noise(random, 60)),
    });

    const wake = midnight + 6.5 * HOUR + noise(random, 0.3) * HOUR;
    const bed = wake - (7.3 + noise(random, 0.5)) * HOUR;
    const slept = (wake - bed) / HOUR;
    out.push({
      ...ring,
      kind: 'sleep_duration',
      start: bed,
      end: wake,
      value: Number(((wake - bed) / HOUR).toFixed(2)),
      unit: 'h',
    });
    out.push({
      ...ring,
      kind: 'resting_heart_rate',
      start: wake,
      // A short night shows the next morning: her heart rests about 2 bpm higher, and HRV lower, per hour missed.
      value: Math.round(52 - fitness * 4 - 2 * (slept - 7.3) + noise(random, 1.5)),
    });
    out.push({
      ...ring,
      kind: 'heart_rate_variability',
      start: wake,
      value: Math.round(62 + fitness * 10 + 5 * (slept - 7.3) + noise(random, 6)),
    });

    if (d % 7 === 0) {
      const morning = midnight + 7.25 * HOUR;
      out.push({
        ...phone,
        kind: 'weight',
        start: morning,
        value: Number((62.5 - fitness * 1.8 + noise(random, 0.3)).toFixed(1)),
        unit: 'kg',
      });
      out.push({
        ...phone,
        kind: 'blood_pressure_systolic',
        start: morning,
        value: Math.round(114 + noise(random, 4)),
        unit: 'mm[Hg]',
        originId: `bp-${d}`,
      });
      out.push({
        ...phone,
        kind: 'blood_pressure_diastolic',
        start: morning,
        value: Math.round(72 + noise(random, 3)),
        unit: 'mm[Hg]',
        originId: `bp-${d}`,
      });
    }
    if (d % 30 === 0)
      out.push({
        ...watch,
        kind: 'vo2_max',
        start: midnight + 9 * HOUR,
        value: Number((50 + fitness * 3).toFixed(1)),
      });
  }
  out.push({ ...phone, kind: 'height', start: localMidnight(now, days) + 8 * HOUR, value: 168, unit: 'cm' });
  out.push(...adaLabs(now, days));
  return out;
}

function adaLabs(now: number, days: number): NewSample[] {
  const lab = { source: 'quest_diagnostics', device: null, tz: ADA.tz };
  const panels = [
    { daysAgo: Math.min(days, 300), ldl: 112, hdl: 62, tg: 88, glucose: 91, a1c: 5.3, vitd: 27 },
    { daysAgo: Math.min(days, 120), ldl: 98, hdl: 66, tg: 79, glucose: 87, a1c: 5.2, vitd: 36 },
  ];
  return panels.flatMap((p) => {
    const start = localMidnight(now, p.daysAgo) + 8 * HOUR;
    const result = (kind: string, value: number, unit: string, low?: number, high?: number): NewSample => ({
      ...lab,
      kind,
      start,
      value,
      unit,
      flag: high !== undefined && value > high ? 'high' : low !== undefined && value < low ? 'low' : null,
      meta: {
        referenceRange: { ...(low !== undefined ? { low } : {}), ...(high !== undefined ? { high } : {}) },
        lab: 'Quest Diagnostics',
      },
    });
    return [
      result('ldl_cholesterol', p.ldl, 'mg/dL', undefined, 99),
      result('hdl_cholesterol', p.hdl, 'mg/dL', 40),
      result('triglycerides', p.tg, 'mg/dL', undefined, 149),
      result('blood_glucose', p.glucose, 'mg/dL', 65, 99),
      result('hemoglobin_a1c', p.a1c, '%', undefined, 5.6),
      result('vitamin_d', p.vitd, 'ng/mL', 30, 100),
    ];
  });
}
