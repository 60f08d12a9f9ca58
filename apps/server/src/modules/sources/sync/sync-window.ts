import type { Connector, CoveredSpan } from '@healthfolio/connectors';
import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import { identityOf } from '../../metrics';

const DAY_MS = 86_400_000;
/** Local days a provider may still change, unless its manifest says otherwise (see `revisedDays`). */
export const REVISED_DAYS = 3;

function offsetAt(timeZone: string, ms: number): number {
  try {
    return zoneOffsetAt(timeZone, ms);
  } catch {
    return 0;
  }
}

/** The instant the local day of `at` began in `timeZone`, `daysBefore` days earlier (DST-correct). */
export function localMidnight(at: number, timeZone: string, daysBefore = 0): number {
  const wall = at + offsetAt(timeZone, at) * 60_000;
  const midnightWall = (Math.floor(wall / DAY_MS) - daysBefore) * DAY_MS;
  // The offset at the midnight itself, read twice so a DST change between `at` and it is followed.
  const guess = midnightWall - offsetAt(timeZone, midnightWall) * 60_000;
  return midnightWall - offsetAt(timeZone, guess) * 60_000;
}

/**
 * Where a sync starts. Asked for (`sync?days=`, a first sync, a resumed one): as saved. Scheduled: from
 * the person's local midnight `revisedDays` before the day of the last sync (or of now, if that is
 * earlier), so the days the provider may still change are read again on every sync, and a gap since the
 * last one is read whole.
 */
export function syncFrom(
  row: { sync_from: number | null; last_sync_at: number | null },
  connector: Connector,
  startedAt: number,
  timeZone: string,
): number {
  if (row.sync_from !== null) return row.sync_from;
  if (row.last_sync_at === null) return startedAt - connector.manifest.defaultDays * DAY_MS;
  const revised = connector.manifest.revisedDays ?? REVISED_DAYS;
  return localMidnight(Math.min(row.last_sync_at, startedAt), timeZone, revised);
}

/**
 * The identities a complete run answered within the spans its connector covers, gathered page by page,
 * for `SampleStore.deleteMissing` once the last page is written.
 */
export class SeenInSpans {
  private readonly seen = new Set<string>();
  private readonly from: number;
  private readonly to: number;

  constructor(readonly spans: readonly CoveredSpan[]) {
    this.from = Math.min(...spans.map((s) => s.from));
    this.to = Math.max(...spans.map((s) => s.to));
  }

  add(samples: readonly NewSample[]): void {
    if (this.spans.length === 0) return;
    for (const sample of samples) {
      if (!(sample.start >= this.from && sample.start < this.to)) continue;
      const identity = identityOf(sample);
      if (identity !== undefined) this.seen.add(identity);
    }
  }

  get identities(): ReadonlySet<string> {
    return this.seen;
  }
}
