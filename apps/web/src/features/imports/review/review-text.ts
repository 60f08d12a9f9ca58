import { getMetric, type ReportResult } from '@healthfolio/core';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The catalogue kind a result was matched to, as a caption under its printed name. */
export function kindCaption(kind: string): string {
  if (kind === 'custom') return 'Not in catalogue — kept as custom';
  return getMetric(kind)?.label ?? kind;
}

/** The range as the lab printed it when it did, else from its bounds: "65–99", "≤ 200", "≥ 39". */
export function rangeText(range: ReportResult['referenceRange']): string {
  if (!range) return '';
  if (range.text) return range.text;
  const { low, high } = range;
  if (low !== undefined && high !== undefined) return `${number.format(low)}–${number.format(high)}`;
  if (high !== undefined) return `≤ ${number.format(high)}`;
  return low !== undefined ? `≥ ${number.format(low)}` : '';
}

/** A plain ISO date as a local calendar day: "2026-11-12" → "Nov 12, 2026". */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return day.format(new Date(y, m - 1, d));
}

/** "Save 12 results", "Save 1 result". */
export const saveLabel = (count: number): string => `Save ${count} result${count === 1 ? '' : 's'}`;

/** "Review 12 results". */
export const reviewLabel = (count: number): string => `Review ${count} result${count === 1 ? '' : 's'}`;

/** "Quest Diagnostics · Nov 12, 2026", when every result shares its lab and date. */
export function reportHeadline(results: readonly ReportResult[]): string {
  const labs = new Set(results.map((r) => r.lab).filter(Boolean));
  const dates = new Set(results.map((r) => r.date));
  const parts: string[] = [];
  if (labs.size === 1) parts.push([...labs][0]!);
  if (dates.size === 1) parts.push(formatDay([...dates][0]!));
  else if (dates.size > 1) parts.push(`${dates.size} dates`);
  return parts.join(' · ');
}
