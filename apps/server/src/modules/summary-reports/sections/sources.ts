import { getSource } from '@healthfolio/core';
import { isoDay } from '@healthfolio/insights';
import type { ReportData } from '../report-data';

/** "Garmin (2026-01-02 to 2026-11-20), Oura (…)": who gave these kinds' values in the period, and when. */
export function sourcesOf(data: ReportData, kinds: readonly string[]): string {
  const wanted = new Set(kinds);
  const bySource = new Map<string, { first: number; last: number }>();
  for (const s of data.sources) {
    if (!wanted.has(s.kind)) continue;
    const known = bySource.get(s.source);
    bySource.set(s.source, {
      first: Math.min(known?.first ?? s.firstDay, s.firstDay),
      last: Math.max(known?.last ?? s.lastDay, s.lastDay),
    });
  }
  if (bySource.size === 0) return `Sources: none in ${isoDay(data.fromDay)} to ${isoDay(data.toDay)}`;
  const list = [...bySource]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, { first, last }]) => `${sourceName(source)} (${isoDay(first)} to ${isoDay(last)})`);
  return `Sources: ${list.join(', ')}; daily values merged by your source priorities`;
}

export const sourceName = (kind: string) => getSource(kind)?.name ?? kind;
