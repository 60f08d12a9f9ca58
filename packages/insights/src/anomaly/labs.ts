import { flagAgainstRange, getMetric, unitLabel, type ReferenceRange } from '@healthfolio/core';
import type { Finding, LabResult } from '../types';
import { isoDay } from '../shared/days';
import { chartSeries } from '../shared/points';
import { words, type Words } from '../words';

/** A value more than this far beyond its bound (as a share of the bound) is critical. */
export const LAB_CRITICAL_BEYOND = 0.5;

/** How a lab result sits: out of range, which way, how badly, against which range. */
export interface LabStatus {
  result: LabResult;
  direction: 'high' | 'low' | 'abnormal';
  severity: 'warning' | 'critical';
  range: ReferenceRange | undefined;
  rangeSource: 'lab' | 'catalogue' | 'none';
  /** How far beyond the bound, as a share of the bound (0 when only the flag says so). */
  beyond: number;
  flaggedCritical: boolean;
}

type FlagReading = 'critical' | 'high' | 'low' | 'abnormal' | 'normal' | undefined;

/** Labs spell flags many ways: H, HH, "High", "critical_high", "A", "Abnormal", "N" … */
export function readLabFlag(flag: string | undefined): FlagReading {
  const text = flag?.trim().toLowerCase();
  if (!text) return undefined;
  if (text.includes('crit') || text.includes('panic') || text === 'hh' || text === 'll' || text === 'aa') {
    return 'critical';
  }
  if (text === 'h' || text === '>' || text.includes('high') || text === 'above') return 'high';
  if (text === 'l' || text === '<' || text.includes('low') || text === 'below') return 'low';
  if (text === 'a' || text.startsWith('abn')) return 'abnormal';
  if (text === 'n' || text === 'normal') return 'normal';
  return undefined;
}

function rangeOf(result: LabResult): { range: ReferenceRange | undefined; source: LabStatus['rangeSource'] } {
  if (result.low !== undefined || result.high !== undefined) {
    const range: ReferenceRange = { source: 'the lab' };
    if (result.low !== undefined && Number.isFinite(result.low)) range.low = result.low;
    if (result.high !== undefined && Number.isFinite(result.high)) range.high = result.high;
    return { range, source: 'lab' };
  }
  // The catalogue's range is in the kind's canonical unit; a result in another unit cannot use it.
  const metric = getMetric(result.metric);
  const range = metric && (metric.unit === result.unit || !result.unit) ? metric.referenceRange : undefined;
  return range ? { range, source: 'catalogue' } : { range: undefined, source: 'none' };
}

/** A result's status when it is outside its range or flagged; undefined when it is fine or unreadable. */
export function labStatus(result: LabResult): LabStatus | undefined {
  if (!Number.isFinite(result.value)) return undefined;
  const { range, source } = rangeOf(result);
  const flag = readLabFlag(result.flag);
  const position = range ? flagAgainstRange(range, result.value) : 'normal';
  const flaggedCritical = flag === 'critical' || /crit.*(high|low)|(high|low).*crit/i.test(result.flag ?? '');
  const flaggedOut = flag !== undefined && flag !== 'normal';
  if (position === 'normal' && !flaggedOut) return undefined;
  let direction: LabStatus['direction'] = 'abnormal';
  if (position !== 'normal') direction = position;
  else if (/high|^h+$|>/i.test(result.flag ?? '')) direction = 'high';
  else if (/low|^l+$|</i.test(result.flag ?? '')) direction = 'low';
  let beyond = 0;
  if (position === 'high' && range?.high !== undefined && range.high > 0) {
    beyond = (result.value - range.high) / range.high;
  } else if (position === 'low' && range?.low !== undefined && range.low > 0) {
    beyond = (range.low - result.value) / range.low;
  }
  // Only the lab's own interval says how far out is dangerous: the catalogue's is often an "optimal"
  // target (LDL under 100), and a value well past it is a reason to talk, not an emergency.
  const critical = flaggedCritical || (source === 'lab' && beyond > LAB_CRITICAL_BEYOND);
  return {
    result,
    direction,
    severity: critical ? 'critical' : 'warning',
    range,
    rangeSource: source,
    beyond,
    flaggedCritical,
  };
}

/** "70–99 mg/dL", "below 100 mg/dL", "40 mg/dL or more". */
export function formatRange(range: ReferenceRange, unit: string, w: Words = words('en', 0)): string {
  const n = (value: number | undefined) => (value === undefined ? undefined : w.number(value, 2));
  return w.say.labRange(n(range.low), n(range.high), range.highExclusive === true, unitLabel(unit));
}

/** The latest result of each lab metric, in first-seen order; of two on one day, the first listed (the server lists newest first). */
export function latestLabs(labs: readonly LabResult[]): LabResult[] {
  const latest = new Map<string, LabResult>();
  for (const result of labs) {
    const current = latest.get(result.metric);
    if (!current || result.day > current.day) latest.set(result.metric, result);
  }
  return [...latest.values()];
}

/** (b) of the anomaly rule: the latest result of each lab metric when outside its reference range. */
export function labFinding(
  status: LabStatus,
  labs: readonly LabResult[],
  today: number,
  language?: string,
): Finding {
  const w = words(language, today);
  const { result, range } = status;
  const label = getMetric(result.metric) ? w.label(result.metric) : result.name;
  const unit = unitLabel(result.unit);
  const canonical = getMetric(result.metric)?.unit === result.unit;
  const value = canonical
    ? w.value(result.metric, result.value)
    : `${w.number(result.value, 2)}${unit ? ` ${unit}` : ''}`;
  const where = w.say.labWhere(status.direction);
  const rangeText = range
    ? w.say.labRangeSentence(
        formatRange(range, result.unit, w),
        status.rangeSource === 'lab',
        range.source ?? '',
      )
    : '';
  const history = labs
    .filter((item) => item.metric === result.metric && Number.isFinite(item.value))
    .sort((a, b) => a.day - b.day);
  const recommendations =
    status.severity === 'critical' ? w.say.labAdviceCritical(result.name) : w.say.labAdvice(result.name);
  return {
    key: `anomaly:lab:${result.metric}`,
    type: 'anomaly',
    severity: status.severity,
    title: w.say.labTitle(label, where, value, status.flaggedCritical),
    description: w.say.labDescription(
      result.name,
      value,
      w.day(result.day),
      where,
      status.flaggedCritical,
      rangeText,
    ),
    actionable: true,
    recommendations,
    relatedMetrics: [result.metric],
    window: { from: result.day, to: result.day },
    values: {
      value: result.value,
      unit: result.unit,
      day: isoDay(result.day),
      ...(range?.low !== undefined ? { low: range.low } : {}),
      ...(range?.high !== undefined ? { high: range.high } : {}),
      beyond: status.beyond,
      rangeSource: status.rangeSource,
      ...(result.flag ? { flag: result.flag } : {}),
    },
    series: [
      chartSeries(
        result.metric,
        result.unit,
        { days: history.map((item) => item.day), values: history.map((item) => item.value) },
        {
          ...(range
            ? { band: { low: range.low ?? null, high: range.high ?? null, label: w.say.referenceRange } }
            : {}),
          highlight: [isoDay(result.day)],
        },
      ),
    ],
  };
}

export function labFindings(labs: readonly LabResult[], today: number, language?: string): Finding[] {
  return latestLabs(labs)
    .map(labStatus)
    .filter((status): status is LabStatus => status !== undefined)
    .map((status) => labFinding(status, labs, today, language));
}
