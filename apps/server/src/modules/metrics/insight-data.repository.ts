import { getMetric, metricCatalogue, type MetricDefinition, type SampleMeta } from '@healthfolio/core';
import type { DailySeries, LabResult } from '@healthfolio/insights';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userNo } from '../../db/user-number';
import { MERGED } from './rollups.repository';
import { isCgmReading, isLabResult, notSandbox } from './sample-filters';
import { SandboxPreferenceRepository } from './sandbox-preference.repository';

const catalogue = metricCatalogue as readonly MetricDefinition[];
const labKinds = catalogue.filter((m) => m.category === 'labs').map((m) => m.kind);
/** Kinds whose daily rollups make a series: numbers, not codes; labs come as results instead. */
const seriesKinds = new Map(
  catalogue
    .filter((m) => m.valueType !== 'coded' && m.category !== 'labs' && m.category !== 'administrative')
    .map((m) => [m.kind, m]),
);

/** Lab results read per user: the newest ones; the engine looks at the latest of each kind. */
const LAB_LIMIT = 400;
/** CGM readings of two weeks at 5-minute intervals, with room. */
const GLUCOSE_LIMIT = 14 * 288 * 2;

/** Readings read from samples leave sandbox data out unless the person includes it. */
export interface SandboxScope {
  excludeSandbox: boolean;
}

/** The reads the insight engine needs, scoped to one user: merged daily rollups, lab results, CGM readings. */
export class InsightDataRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `settings.preferences.includeSandboxData`. */
  includesSandbox(userId: string): Promise<boolean> {
    return new SandboxPreferenceRepository(this.db).includesSandbox(userId);
  }

  /** One series per kind from the merged daily rows (the totals that never double count). */
  async dailySeries(
    userId: string,
    fromDay: number,
    toDay: number,
    /** Only these kinds (a goal's); every kind when left out. */
    kinds?: readonly string[],
  ): Promise<Map<string, DailySeries>> {
    if (kinds?.length === 0) return new Map();
    let query = this.db
      .selectFrom('daily_rollups')
      .select(['kind', 'local_day', 'count', 'sum', 'last_value'])
      .where('user_no', '=', userNo(userId))
      .where('source', '=', MERGED)
      .where('local_day', '>=', fromDay)
      .where('local_day', '<=', toDay);
    if (kinds) query = query.where('kind', 'in', kinds);
    const rows = await query.orderBy('kind').orderBy('local_day').execute();
    const out = new Map<string, { days: number[]; values: number[]; metric: MetricDefinition }>();
    for (const row of rows) {
      const metric = seriesKinds.get(row.kind);
      if (!metric || row.count <= 0) continue;
      const value =
        metric.aggregation === 'sum'
          ? row.sum
          : metric.aggregation === 'avg'
            ? row.sum / row.count
            : (row.last_value ?? row.sum / row.count);
      let series = out.get(row.kind);
      if (!series) out.set(row.kind, (series = { days: [], values: [], metric }));
      series.days.push(row.local_day);
      series.values.push(value);
    }
    const result = new Map<string, DailySeries>();
    for (const [kind, { days, values, metric }] of out) {
      result.set(kind, {
        metric: kind,
        unit: metric.unit ?? '1',
        aggregation: metric.aggregation,
        days,
        values,
      });
    }
    return result;
  }

  /**
   * Lab results, newest first. CGM readings are stored as blood_glucose too; a lab's glucose carries a
   * reference range or a flag, so readings without either are left to `glucoseReadings`.
   */
  async labResults(
    userId: string,
    sinceMs: number,
    { excludeSandbox }: SandboxScope = { excludeSandbox: true },
  ): Promise<LabResult[]> {
    let query = this.db
      .selectFrom('samples')
      .select(['kind', 'local_day', 'value', 'unit', 'flag', 'meta'])
      .where('user_no', '=', userNo(userId))
      .where('kind', 'in', labKinds)
      .where('start_at', '>=', sinceMs)
      .where(isLabResult);
    if (excludeSandbox) query = query.where(notSandbox);
    const rows = await query.orderBy('start_at', 'desc').limit(LAB_LIMIT).execute();
    return rows.map((row) => {
      const meta = parseMeta(row.meta);
      const range = meta?.referenceRange;
      return {
        metric: row.kind,
        name: meta?.name ?? getMetric(row.kind)?.label ?? row.kind,
        day: row.local_day,
        value: row.value,
        unit: row.unit,
        ...(range?.low !== undefined ? { low: range.low } : {}),
        ...(range?.high !== undefined ? { high: range.high } : {}),
        ...(row.flag ? { flag: row.flag } : {}),
      };
    });
  }

  /** CGM glucose readings (mg/dL) since an instant: blood_glucose samples without a lab's range or flag. */
  async glucoseReadings(
    userId: string,
    sinceMs: number,
    { excludeSandbox }: SandboxScope = { excludeSandbox: true },
  ): Promise<number[]> {
    let query = this.db
      .selectFrom('samples')
      .select('value')
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', 'blood_glucose')
      .where('start_at', '>=', sinceMs)
      .where(isCgmReading);
    if (excludeSandbox) query = query.where(notSandbox);
    const rows = await query.orderBy('start_at', 'desc').limit(GLUCOSE_LIMIT).execute();
    return rows.map((r) => r.value);
  }

  /** Users with data, and when the engine last ran for each (null: never). */
  async usersDue(before: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .leftJoin('insight_runs', 'insight_runs.user_id', 'users.id')
      .select('users.id')
      .where((eb) => eb.or([eb('insight_runs.ran_at', 'is', null), eb('insight_runs.ran_at', '<', before)]))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('daily_rollups')
            .select(sql`1`.as('one'))
            .whereRef('daily_rollups.user_no', '=', 'users.user_no'),
        ),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  /** How many local days from `fromDay` on have any data: what "No insights yet" measures against. */
  async daysWithData(userId: string, fromDay: number): Promise<number> {
    const row = await this.db
      .selectFrom('daily_rollups')
      .select((eb) => eb.fn.count<number | string>('local_day').distinct().as('days'))
      .where('user_no', '=', userNo(userId))
      .where('source', '=', MERGED)
      .where('local_day', '>=', fromDay)
      .executeTakeFirst();
    return Number(row?.days ?? 0);
  }
}

function parseMeta(json: string | null): SampleMeta | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as SampleMeta;
  } catch {
    return null;
  }
}
