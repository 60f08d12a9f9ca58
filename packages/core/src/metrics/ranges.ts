import type { ReferenceRange } from './types';
import { getMetric, resolveMetricKind } from './catalogue';

/** Where a value sits against a reference range. */
export type RangeFlag = 'low' | 'normal' | 'high';

/** Flags a value against a range in the same unit (high bounds may be exclusive: HbA1c < 5.7 %). */
export function flagAgainstRange(range: ReferenceRange, value: number): RangeFlag {
  if (range.low !== undefined && value < range.low) return 'low';
  if (range.high !== undefined && (range.highExclusive ? value >= range.high : value > range.high))
    return 'high';
  return 'normal';
}

/** The catalogue's general reference flag for a canonical value, or undefined when the kind has no range. */
export function referenceFlag(kind: string, canonicalValue: number): RangeFlag | undefined {
  const range = getMetric(resolveMetricKind(kind) ?? kind)?.referenceRange;
  return range ? flagAgainstRange(range, canonicalValue) : undefined;
}

/** Whether a canonical value is physically possible for the kind (kinds without bounds accept any finite value). */
export function isPlausible(kind: string, canonicalValue: number): boolean {
  if (!Number.isFinite(canonicalValue)) return false;
  const bounds = getMetric(resolveMetricKind(kind) ?? kind)?.plausible;
  return !bounds || (canonicalValue >= bounds.min && canonicalValue <= bounds.max);
}
