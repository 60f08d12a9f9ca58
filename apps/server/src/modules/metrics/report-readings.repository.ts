import { getMetric, metricCatalogue, type MetricDefinition, type SampleMeta } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userNo } from '../../db/user-number';
import { MERGED } from './rollups.repository';
import { isCgmReading, isLabResult, notSandbox } from './sample-filters';

const labKinds = (metricCatalogue as readonly MetricDefinition[])
  .filter((m) => m.category === 'labs')
  .map((m) => m.kind);

/** A CGM reading with its clock: the glucose profile is drawn by the person's time of day. */
export interface TimedGlucose {
  at: number;
  offsetMin: number;
  /** mg/dL. */
  value: number;
  source: string;
}

/** A lab result with where it came from (a PDF's document and page, an EHR, a manual entry). */
export interface SourcedLab {
  kind: string;
  name: string;
  at: number;
  value: number;
  unit: string;
  flag: string | null;
  source: string;
  meta: SampleMeta | null;
}

/**
 * The readings a clinician report or a share draws: merged daily rows, CGM readings with their times and
 * lab results with their provenance, over a period. Sandbox data is left out unless the person includes it.
 */
export class ReportReadingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** blood_glucose samples without a lab's range or flag (as the insights' CGM reads), oldest first. */
  async glucose(
    userId: string,
    fromMs: number,
    toMs: number,
    excludeSandbox: boolean,
  ): Promise<TimedGlucose[]> {
    let query = this.db
      .selectFrom('samples')
      .select(['start_at', 'utc_offset_min', 'value', 'source'])
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', 'blood_glucose')
      .where('start_at', '>=', fromMs)
      .where('start_at', '<', toMs)
      .where(isCgmReading);
    if (excludeSandbox) query = query.where(notSandbox);
    const rows = await query.orderBy('start_at').execute();
    return rows.map((r) => ({
      at: Number(r.start_at),
      offsetMin: Number(r.utc_offset_min),
      value: Number(r.value),
      source: r.source,
    }));
  }

  /** Merged daily rows (never double counted; sandbox data only when the owner includes it) of some kinds, by day. */
  mergedDays(userId: string, kinds: readonly string[], fromDay: number, toDay: number) {
    if (kinds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('daily_rollups')
      .select(['kind', 'local_day', 'count', 'sum', 'last_value'])
      .where('user_no', '=', userNo(userId))
      .where('source', '=', MERGED)
      .where('kind', 'in', kinds)
      .where('local_day', '>=', fromDay)
      .where('local_day', '<=', toDay)
      .orderBy('kind')
      .orderBy('local_day')
      .execute();
  }

  /**
   * Lab results of the local days, newest first (a share's lab table). CGM readings are stored as blood_glucose too: a lab's glucose
   * carries a reference range or a flag, and only those are lab results.
   */
  labResultsByDay(userId: string, fromDay: number, toDay: number, excludeSandbox: boolean) {
    let query = this.db
      .selectFrom('samples')
      .select(['kind', 'local_day', 'value', 'unit', 'flag', 'meta'])
      .where('user_no', '=', userNo(userId))
      .where('kind', 'in', labKinds)
      .where('local_day', '>=', fromDay)
      .where('local_day', '<=', toDay)
      .where(isLabResult);
    if (excludeSandbox) query = query.where(notSandbox);
    return query.orderBy('start_at', 'desc').limit(2000).execute();
  }

  /** Lab results in the period, oldest first; a CGM reading (no range, no flag) is not a lab result. */
  async labs(userId: string, fromMs: number, toMs: number, excludeSandbox: boolean): Promise<SourcedLab[]> {
    let query = this.db
      .selectFrom('samples')
      .select(['kind', 'start_at', 'value', 'unit', 'flag', 'meta', 'source'])
      .where('user_no', '=', userNo(userId))
      .where('kind', 'in', labKinds)
      .where('start_at', '>=', fromMs)
      .where('start_at', '<', toMs)
      .where(isLabResult);
    if (excludeSandbox) query = query.where(notSandbox);
    const rows = await query.orderBy('start_at').execute();
    return rows.map((row) => {
      const meta = parseMeta(row.meta);
      return {
        kind: row.kind,
        name: meta?.name ?? getMetric(row.kind)?.label ?? row.kind,
        at: Number(row.start_at),
        value: Number(row.value),
        unit: row.unit,
        flag: row.flag,
        source: row.source,
        meta,
      };
    });
  }

  async sources(
    userId: string,
    kinds: readonly string[],
    fromDay: number,
    toDay: number,
  ): Promise<KindSource[]> {
    if (kinds.length === 0) return [];
    const rows = await this.db
      .selectFrom('daily_rollups')
      .select((eb) => [
        'kind',
        'source',
        eb.fn.min('local_day').as('first'),
        eb.fn.max('local_day').as('last'),
      ])
      .where('user_no', '=', userNo(userId))
      .where('source', '<>', MERGED)
      .where('kind', 'in', kinds)
      .where('local_day', '>=', fromDay)
      .where('local_day', '<=', toDay)
      .groupBy(['kind', 'source'])
      .execute();
    return rows.map((r) => ({
      kind: r.kind,
      source: r.source,
      firstDay: Number(r.first),
      lastDay: Number(r.last),
    }));
  }
}

/** The sources that gave each kind's daily values in local days `fromDay`–`toDay`, and their days. */
export interface KindSource {
  kind: string;
  source: string;
  firstDay: number;
  lastDay: number;
}

function parseMeta(json: string | null): SampleMeta | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as SampleMeta;
  } catch {
    return null;
  }
}
