import { getMetric, plainDevice, type MetricKind, type MetricPriorities } from '@healthfolio/core';
import type { SampleBulkIO } from '../../db/bulk-io';
import type { Db } from '../../db/database';
import { PrioritiesRepository } from './priorities.repository';
import { defaultTier, isCustomRank, rankFunction, type PriorityEntry } from './priority';
import { RollupsRepository } from './rollups.repository';
import { lockUserWrites } from './write/day-aggregates';
import { RollupMaintainer } from './write/rollup-maintainer';

/** The per-metric source order of Settings; a change re-merges the days it affects. */
export class PrioritiesService {
  constructor(
    private readonly db: Db,
    private readonly bulk: SampleBulkIO,
  ) {}

  async get(userId: string, type: MetricKind): Promise<MetricPriorities> {
    const metric = getMetric(type)!;
    const kind = metric.components?.[0] ?? metric.kind;
    const entries = await new PrioritiesRepository(this.db.kysely).list(userId, kind);
    const streams = await new RollupsRepository(this.db.kysely, this.db.dialect).streams(userId, kind);
    const rank = rankFunction(kind, entries);
    const seen = new Set<string>();
    // People rank devices: the paths a device's readings came by are one entry (sample-paths.ts).
    const devices = streams.map((s) => ({ source: s.source, device: plainDevice(s.device) ?? '' }));
    const all = [...entries, ...devices].filter((s) => {
      const key = `${s.source}\u0000${s.device}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const ranked = all
      .map((s) => ({ ...s, r: rank(s.source, s.device || null) }))
      .sort((a, b) => a.r - b.r || a.source.localeCompare(b.source) || a.device.localeCompare(b.device));
    return {
      type: metric.kind,
      customized: entries.length > 0,
      order: ranked.map((s, i) => ({
        source: s.source,
        device: s.device || null,
        rank: i + 1,
        tier: isCustomRank(s.r) ? 'custom' : defaultTier(kind, s.source, s.device || null),
      })),
    };
  }

  /** Replaces the order (an empty one restores the default) and recomputes merged days of the kind. */
  async set(
    userId: string,
    type: MetricKind,
    order: readonly { source: string; device?: string | null | undefined }[],
  ): Promise<MetricPriorities> {
    const metric = getMetric(type)!;
    const seen = new Set<string>();
    const entries: PriorityEntry[] = [];
    for (const o of order) {
      const entry = { source: o.source, device: o.device ?? '' };
      const key = `${entry.source}\u0000${entry.device}`;
      if (!seen.has(key)) entries.push(entry);
      seen.add(key);
    }
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockUserWrites(trx, this.db.dialect, userId);
      for (const kind of metric.components ?? [metric.kind]) {
        await new PrioritiesRepository(trx).replace(userId, kind, entries);
        const days = await new RollupsRepository(trx, this.db.dialect).multiStreamDays(userId, kind);
        await new RollupMaintainer(trx, this.db, this.bulk, userId).remergeDays(kind, days);
      }
    });
    return this.get(userId, type);
  }
}
