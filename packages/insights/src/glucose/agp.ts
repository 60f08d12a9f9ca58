/**
 * The Ambulatory Glucose Profile and the standard CGM metrics of the international consensus
 * (Danne et al., Diabetes Care 2017; Battelino et al., Diabetes Care 2019), computed once here for the
 * clinician report, the CGM insight and the Dexcom statistics. Values are mg/dL.
 */

/** Consensus range limits, mg/dL. */
export const GLUCOSE_RANGES = { veryLow: 54, low: 70, high: 180, veryHigh: 250 } as const;
/** Bins of the day in the profile: 96 × 15 minutes. */
export const AGP_BINS = 96;
/** Percentiles drawn in the profile. */
export const AGP_PERCENTILES = [5, 25, 50, 75, 95] as const;
/** A bin with fewer readings than this shows no percentiles. */
export const MIN_BIN_READINGS = 5;
/** The consensus asks for 14 days of data with at least 70 % of possible readings for a profile. */
export const AGP_MIN_DAYS = 14;

export interface GlucoseReading {
  /** Epoch ms. */
  at: number;
  /** Minutes east of UTC the reading was taken at: the profile is by the person's clock. */
  offsetMin: number;
  /** mg/dL. */
  value: number;
}

/** Share of readings (0–1) in each consensus range: < 54, 54–69, 70–180, 181–250, > 250 mg/dL. */
export interface TimeInRanges {
  veryLow: number;
  low: number;
  inRange: number;
  high: number;
  veryHigh: number;
}

export interface GlucoseStats {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); 0 for one reading. */
  sd: number;
  /** Coefficient of variation, SD ÷ mean (0–1); ≤ 0.36 is stable (Danne 2017). */
  cv: number;
  /** Glucose management indicator, %: 3.31 + 0.02392 × mean mg/dL (Bergenstal et al. 2018). */
  gmi: number;
  ranges: TimeInRanges;
}

/** Counts readings in the consensus ranges: below 54 is not in 54–69; above 250 is not in 181–250. */
export function timeInRanges(values: readonly number[]): TimeInRanges {
  const n = values.length;
  let veryLow = 0;
  let low = 0;
  let inRange = 0;
  let high = 0;
  let veryHigh = 0;
  for (const v of values) {
    if (v < GLUCOSE_RANGES.veryLow) veryLow++;
    else if (v < GLUCOSE_RANGES.low) low++;
    else if (v <= GLUCOSE_RANGES.high) inRange++;
    else if (v <= GLUCOSE_RANGES.veryHigh) high++;
    else veryHigh++;
  }
  const share = (count: number) => (n === 0 ? 0 : count / n);
  return {
    veryLow: share(veryLow),
    low: share(low),
    inRange: share(inRange),
    high: share(high),
    veryHigh: share(veryHigh),
  };
}

/** Mean, SD, CV, GMI and time in ranges of readings in mg/dL; undefined for none. */
export function glucoseStats(values: readonly number[]): GlucoseStats | undefined {
  const n = values.length;
  if (n === 0) return undefined;
  let total = 0;
  for (const v of values) total += v;
  const mean = total / n;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  return { n, mean, sd, cv: sd / mean, gmi: 3.31 + 0.02392 * mean, ranges: timeInRanges(values) };
}

/**
 * The p-th percentile (0–100) of values sorted ascending, by linear interpolation between closest
 * ranks (Hyndman & Fan type 7, the default of R and NumPy).
 */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = ((n - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export interface AgpBin {
  /** Minutes after local midnight the bin starts. */
  minute: number;
  n: number;
  /** 5th, 25th, 50th, 75th and 95th percentiles; null when the bin has too few readings. */
  p5: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

export interface DailyProfile {
  /** Local day (days since 1970-01-01 by the reading's own clock). */
  day: number;
  /** Mean of each local hour; null for an hour without readings. */
  hourly: (number | null)[];
}

export interface Agp {
  stats: GlucoseStats | undefined;
  /** Local days in the period and days holding at least one reading. */
  days: number;
  daysWithData: number;
  /** Typical minutes between readings (5 for Dexcom, 15 for Libre). */
  intervalMin: number;
  /** Share of the period's possible readings present (0–1): % time CGM active. */
  active: number;
  bins: AgpBin[];
  /** The last `dailyDays` days of the period, oldest first. */
  daily: DailyProfile[];
  /** True when the consensus' 14 days are covered: the profile can be read as typical. */
  sufficient: boolean;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The median gap between successive readings, in whole minutes from 1 to 15 (5 when unknown). */
function typicalInterval(sortedAt: Float64Array): number {
  const gaps: number[] = [];
  for (let i = 1; i < sortedAt.length; i++) {
    const gap = sortedAt[i]! - sortedAt[i - 1]!;
    if (gap > 0) gaps.push(gap);
  }
  if (gaps.length === 0) return 5;
  const sorted = Float64Array.from(gaps).sort();
  const median = percentileOfSorted(sorted, 50) / MINUTE_MS;
  return Math.min(15, Math.max(1, Math.round(median)));
}

/**
 * The AGP of readings over a period of local days `fromDay`–`toDay` (inclusive): statistics, the
 * percentile profile by 15-minute bins of the local day, the share of time the CGM was active, and daily
 * profiles of the last `dailyDays` days.
 */
export function ambulatoryGlucoseProfile(
  readings: readonly GlucoseReading[],
  fromDay: number,
  toDay: number,
  dailyDays = 14,
): Agp {
  const days = Math.max(0, toDay - fromDay + 1);
  // One pass without intermediate objects: a five-year report holds half a million readings.
  const binValues: number[][] = Array.from({ length: AGP_BINS }, () => []);
  const dayHours = new Map<number, { sum: Float64Array; n: Uint32Array }>();
  const firstDaily = toDay - dailyDays + 1;
  const seenDays = new Set<number>();
  const values: number[] = [];
  const times: number[] = [];
  for (const r of readings) {
    if (!(Number.isFinite(r.value) && r.value > 0)) continue;
    const local = r.at + r.offsetMin * MINUTE_MS;
    const day = Math.floor(local / DAY_MS);
    if (day < fromDay || day > toDay) continue;
    const minute = Math.floor((local - day * DAY_MS) / MINUTE_MS);
    values.push(r.value);
    times.push(r.at);
    binValues[Math.floor(minute / 15)]!.push(r.value);
    seenDays.add(day);
    if (day >= firstDaily) {
      let hours = dayHours.get(day);
      if (!hours) dayHours.set(day, (hours = { sum: new Float64Array(24), n: new Uint32Array(24) }));
      const hour = Math.floor(minute / 60);
      hours.sum[hour]! += r.value;
      hours.n[hour]! += 1;
    }
  }
  const bins = binValues.map((binned, i): AgpBin => {
    const sorted = Float64Array.from(binned).sort();
    const at = (p: number) => (binned.length >= MIN_BIN_READINGS ? percentileOfSorted(sorted, p) : null);
    return {
      minute: i * 15,
      n: binned.length,
      p5: at(5),
      p25: at(25),
      p50: at(50),
      p75: at(75),
      p95: at(95),
    };
  });
  const intervalMin = typicalInterval(Float64Array.from(times).sort());
  const possible = (days * 1440) / intervalMin;
  const daily: DailyProfile[] = [];
  for (let day = Math.max(fromDay, firstDaily); day <= toDay; day++) {
    const hours = dayHours.get(day);
    daily.push({
      day,
      hourly: Array.from({ length: 24 }, (_, h) =>
        hours && hours.n[h]! > 0 ? hours.sum[h]! / hours.n[h]! : null,
      ),
    });
  }
  const active = possible > 0 ? Math.min(1, values.length / possible) : 0;
  return {
    stats: glucoseStats(values),
    days,
    daysWithData: seenDays.size,
    intervalMin,
    active,
    bins,
    daily,
    sufficient: seenDays.size >= AGP_MIN_DAYS,
  };
}
