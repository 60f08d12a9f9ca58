import {
  getMetric,
  metricCatalogue,
  metricKinds,
  type MetricAggregation,
  type MetricDefinition,
  type MetricsSummary,
} from '@healthfolio/core';
import type { Db } from '../../db/database';
import { MERGED, RollupsRepository, type RollupRow } from './rollups.repository';
import { pairKey, toPairItem, toSampleItem } from './sample-item';
import { SamplesRepository } from './samples.repository';
import { SandboxPreferenceRepository } from './sandbox-preference.repository';
import { dayStartIn, formatInstant, localDayIn, zoneOffsetAt } from './time';

type Item = MetricsSummary['items'][number];
type Trend = NonNullable<Item['trend7']>;

/** The pair a component kind belongs to (blood_pressure_systolic → blood_pressure). */
const pairOf = new Map<string, string>(
  (metricCatalogue as readonly MetricDefinition[]).flatMap((m) =>
    m.components ? m.components.map((c): [string, string] => [c, m.kind]) : [],
  ),
);

/** `GET /api/metrics/summary`: per kind the user has, the latest value, 7/30-day trends and the count. */
export class SummaryService {
  private readonly samples: SamplesRepository;
  private readonly rollups: RollupsRepository;
  private readonly preference: SandboxPreferenceRepository;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.samples = new SamplesRepository(db.kysely);
    this.rollups = new RollupsRepository(db.kysely, db.dialect);
    this.preference = new SandboxPreferenceRepository(db.kysely);
  }

  async summary(userId: string, tz: string): Promise<MetricsSummary> {
    const today = localDayIn(tz, this.now());
    // Sandbox data (generated) shows only when the person includes it, and then says so.
    const includeSandbox = await this.preference.includesSandbox(userId);
    const counts = await this.rollups.countsByKind(userId, { excludeSandbox: !includeSandbox });
    const recent = await this.rollups.mergedSince(userId, today - 59);
    const byKind = new Map<string, RollupRow[]>();
    for (const r of recent) {
      const list = byKind.get(r.kind);
      if (list) list.push(r);
      else byKind.set(r.kind, [r]);
    }
    const kinds = new Map<string, number>();
    for (const { kind, count } of counts) {
      const shown = pairOf.get(kind) ?? kind;
      // A pair counts its readings once: take the larger of its components.
      kinds.set(shown, Math.max(kinds.get(shown) ?? 0, count));
    }
    const items: Item[] = [];
    for (const [kind, count] of kinds) {
      const metric = getMetric(kind);
      if (!metric) continue;
      const main = metric.components?.[0] ?? kind;
      const latest = await this.latest(userId, kind, main, metric.aggregation, tz, includeSandbox);
      if (!latest) continue;
      const rows = byKind.get(main) ?? [];
      items.push({
        type: kind,
        label: metric.label,
        category: metric.category,
        unit: metric.unit ?? '1',
        valueType: metric.valueType,
        aggregation: metric.aggregation,
        latest,
        count,
        trend7: trend(rows, metric.aggregation, today, 7),
        trend30: trend(rows, metric.aggregation, today, 30),
      });
    }
    const order = (k: string) => metricKinds.indexOf(k as (typeof metricKinds)[number]);
    items.sort((a, b) => order(a.type) - order(b.type));
    return { tz, items };
  }

  private async latest(
    userId: string,
    kind: string,
    main: string,
    aggregation: MetricAggregation,
    tz: string,
    includeSandbox: boolean,
  ): Promise<Item['latest'] | undefined> {
    if (aggregation === 'sum') {
      const day = await this.rollups.latestMerged(userId, kind);
      if (!day) return undefined;
      const start = dayStartIn(tz, day.local_day);
      const end = dayStartIn(tz, day.local_day + 1);
      const sandbox = includeSandbox && (await this.rollups.hasSandboxStream(userId, kind, day.local_day));
      return {
        value: day.sum,
        start: formatInstant(start, zoneOffsetAt(tz, start)),
        end: formatInstant(end, zoneOffsetAt(tz, end)),
        source: MERGED,
        device: null,
        flag: null,
        ...(sandbox ? { sandbox: true as const } : {}),
      };
    }
    const row = await this.samples.latest(userId, main, { excludeSandbox: !includeSandbox });
    if (!row) return undefined;
    const second = getMetric(kind)?.components?.[1];
    let item = toSampleItem(row, kind);
    if (second) {
      const partner = await this.samples.partner(userId, second, row);
      item = toPairItem(kind, row, partner && pairKey(partner) === pairKey(row) ? partner : undefined);
    }
    const { value, start, end, source, device, flag, systolic, diastolic, sandbox } = item;
    return {
      value,
      start,
      end,
      source,
      device,
      flag,
      ...(sandbox ? { sandbox } : {}),
      ...(systolic !== undefined ? { systolic } : {}),
      ...(diastolic !== undefined ? { diastolic } : {}),
    };
  }
}

/** The window's value: mean daily total (sum), mean reading (avg) or the last reading (last). */
function windowValue(rows: readonly RollupRow[], aggregation: MetricAggregation): number | null {
  if (rows.length === 0) return null;
  if (aggregation === 'sum') return rows.reduce((a, r) => a + r.sum, 0) / rows.length;
  if (aggregation === 'avg') {
    const count = rows.reduce((a, r) => a + r.count, 0);
    return count > 0 ? rows.reduce((a, r) => a + r.sum, 0) / count : null;
  }
  const last = rows.reduce((best, r) => ((r.last_at ?? -Infinity) > (best.last_at ?? -Infinity) ? r : best));
  return last.last_value;
}

function trend(
  rows: readonly RollupRow[],
  aggregation: MetricAggregation,
  today: number,
  days: number,
): Trend | null {
  const current = windowValue(
    rows.filter((r) => r.local_day > today - days && r.local_day <= today),
    aggregation,
  );
  if (current === null) return null;
  const previous = windowValue(
    rows.filter((r) => r.local_day > today - 2 * days && r.local_day <= today - days),
    aggregation,
  );
  const change = previous === null ? null : current - previous;
  return {
    current,
    previous,
    change,
    changePct: change === null || previous === 0 || previous === null ? null : (change / previous) * 100,
  };
}
