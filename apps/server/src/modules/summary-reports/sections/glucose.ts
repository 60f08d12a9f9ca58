import { getMetric, type ReportBlock } from '@healthfolio/core';
import { ambulatoryGlucoseProfile, GLUCOSE_RANGES, isoDay, type Agp } from '@healthfolio/insights';
import type { ReportData } from '../report-data';
import { sourceName } from './sources';

const DAY_MS = 86_400_000;
/** The consensus profile covers 14 days. */
const AGP_DAYS = 14;

/** mg/dL → the person's unit: mmol/L with metric units (by glucose's molar mass), mg/dL with imperial. */
export function glucoseUnit(units: 'metric' | 'imperial') {
  const molarMass = getMetric('blood_glucose')?.molarMass ?? 180.16;
  return units === 'metric'
    ? { unit: 'mmol/L', convert: (mg: number) => (mg * 10) / molarMass, digits: 1 }
    : { unit: 'mg/dL', convert: (mg: number) => mg, digits: 0 };
}

const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

/**
 * The Ambulatory Glucose Profile page (Battelino 2019): statistics of the last 14 days and of the whole
 * period, time in ranges against the consensus targets, the percentile profile and the daily profiles.
 */
export function glucoseSection(data: ReportData): ReportBlock[] {
  const period = `${isoDay(data.fromDay)} to ${isoDay(data.toDay)}`;
  if (data.glucose.length === 0) return [{ type: 'text', text: `No CGM readings in ${period}.` }];
  const { unit, convert, digits } = glucoseUnit(data.units);
  const show = (mg: number) => `${convert(mg).toFixed(digits)} ${unit}`;
  const lastDay = Math.min(
    data.toDay,
    Math.floor(
      (data.glucose[data.glucose.length - 1]!.at +
        data.glucose[data.glucose.length - 1]!.offsetMin * 60_000) /
        DAY_MS,
    ),
  );
  const agpFrom = Math.max(data.fromDay, lastDay - AGP_DAYS + 1);
  const recent = ambulatoryGlucoseProfile(data.glucose, agpFrom, lastDay);
  const whole = ambulatoryGlucoseProfile(data.glucose, data.fromDay, data.toDay, 0);
  const recentSpan = `${isoDay(agpFrom)} to ${isoDay(lastDay)}`;
  const sources = [...new Set(data.glucose.map((g) => sourceName(g.source)))].sort().join(', ');
  const source = (span: string) => `Source: CGM readings from ${sources}, ${span}`;
  const stat = (agp: Agp, pick: (a: Agp) => string) => (agp.stats ? pick(agp) : '–');
  const rows: [string, (a: Agp) => string][] = [
    ['Readings', (a) => String(a.stats!.n)],
    ['Days with readings', (a) => `${a.daysWithData} of ${a.days}`],
    ['Time CGM active', (a) => pct(a.active)],
    ['Mean glucose', (a) => show(a.stats!.mean)],
    ['Glucose management indicator (GMI)', (a) => `${a.stats!.gmi.toFixed(1)} %`],
    ['Coefficient of variation (target ≤ 36 %)', (a) => pct(a.stats!.cv)],
    ['Standard deviation', (a) => show(a.stats!.sd)],
  ];
  const r = recent.stats?.ranges;
  const n = (mg: number) => convert(mg).toFixed(digits);
  const limits = {
    veryLow: n(GLUCOSE_RANGES.veryLow),
    low: n(GLUCOSE_RANGES.low),
    high: n(GLUCOSE_RANGES.high),
    veryHigh: n(GLUCOSE_RANGES.veryHigh),
  };
  const blocks: ReportBlock[] = [
    {
      type: 'text',
      text:
        `Ambulatory Glucose Profile of ${recentSpan} by the International Consensus on Time in Range ` +
        `(Battelino et al., Diabetes Care 2019; Danne et al., 2017). GMI = 3.31 + 0.02392 × mean glucose in mg/dL.` +
        (recent.sufficient
          ? ''
          : ` Only ${recent.daysWithData} days have readings: the consensus asks for 14 before a profile is read as typical.`),
    },
    {
      type: 'table',
      caption: 'Glucose statistics',
      columns: ['Measure', `Last 14 days (${recentSpan})`, `Whole period (${period})`],
      rows: rows.map(([label, pick]) => [label, stat(recent, pick), stat(whole, pick)]),
      source: source(period),
    },
  ];
  if (r) {
    blocks.push(
      {
        type: 'ranges',
        caption: `Time in ranges, ${recentSpan}`,
        segments: [
          { label: `Very high > ${limits.veryHigh} ${unit}`, share: r.veryHigh, color: '#e67e22' },
          { label: `High ${limits.high}–${limits.veryHigh} ${unit}`, share: r.high, color: '#f4d03f' },
          { label: `In range ${limits.low}–${limits.high} ${unit}`, share: r.inRange, color: '#27ae60' },
          { label: `Low ${limits.veryLow}–${limits.low} ${unit}`, share: r.low, color: '#e74c3c' },
          { label: `Very low < ${limits.veryLow} ${unit}`, share: r.veryLow, color: '#922b21' },
        ],
        source: source(recentSpan),
      },
      {
        type: 'table',
        caption: `Time in ranges against the consensus targets, ${recentSpan}`,
        columns: ['Range', 'Time', 'Target for most adults with diabetes'],
        rows: [
          [`Very high (> ${limits.veryHigh} ${unit})`, pct(r.veryHigh), '< 5 %'],
          [`High (${limits.high}–${limits.veryHigh} ${unit})`, pct(r.high), '< 25 % with very high'],
          [`In range (${limits.low}–${limits.high} ${unit})`, pct(r.inRange), '> 70 %'],
          [`Low (${limits.veryLow}–${limits.low} ${unit})`, pct(r.low), '< 4 % with very low'],
          [`Very low (< ${limits.veryLow} ${unit})`, pct(r.veryLow), '< 1 %'],
        ],
        source: source(recentSpan),
      },
    );
  }
  blocks.push(
    {
      type: 'agp',
      caption: `Glucose profile by time of day: median, 25–75th and 5–95th percentiles (${unit}), ${recentSpan}`,
      unit,
      bins: recent.bins.map((b) =>
        [b.p5, b.p25, b.p50, b.p75, b.p95].map((v) => (v === null ? null : convert(v))),
      ),
      target: { low: convert(GLUCOSE_RANGES.low), high: convert(GLUCOSE_RANGES.high) },
      source: source(recentSpan),
    },
    {
      type: 'daily',
      caption: `Daily glucose profiles, hourly means (${unit}), ${recentSpan}`,
      unit,
      days: recent.daily.map((d) => ({
        day: isoDay(d.day),
        hourly: d.hourly.map((v) => (v === null ? null : convert(v))),
      })),
      target: { low: convert(GLUCOSE_RANGES.low), high: convert(GLUCOSE_RANGES.high) },
      source: source(recentSpan),
    },
  );
  return blocks;
}
