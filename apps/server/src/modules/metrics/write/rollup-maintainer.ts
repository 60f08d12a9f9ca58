import { getMetric, isSandboxDevice } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { SampleBulkIO } from '../../../db/bulk-io';
import type { CopyIn } from '../../../db/postgres/pg-copy';
import type { Db } from '../../../db/database';
import { letOthersIn } from '../../../db/slices';
import type { Database } from '../../../db/schema';
import { findUserNo } from '../../../db/user-number';
import { mergeStreams, type MergeSample } from '../merge';
import { PrioritiesRepository } from '../priorities.repository';
import { rankFunction, type PriorityEntry } from '../priority';
import { MERGED, type RollupValues } from '../rollups.repository';
import { SamplesRepository } from '../samples.repository';
import { SandboxPreferenceRepository } from '../sandbox-preference.repository';
import { groupByDay } from '../time';
import { addDay, aggregateInto, daySampleRows, READ_SPAN, type DaysByKind } from './day-aggregates';
import type { HeldSamples } from './held-samples';
import { copyNewRollups } from './rollup-copy';
import { RollupWrites } from './rollup-writes';

/**
 * Keeps daily_rollups true after every write, inside the writer's transaction. Stream rows are
 * incremented when the inserted rows are known, recomputed from samples otherwise (edits, deletes,
 * partly duplicate chunks). The merged row of a day copies its stream row when there is one stream
 * and runs the priority merge over the day's samples when there are several.
 *
 * Sandbox streams (sample-paths.ts) count for the merged row only when the person includes sandbox
 * data (`settings.preferences.includeSandboxData`, read once per transaction); otherwise a day's merged
 * row is made of its real streams alone, and a day of sandbox data alone has none.
 */
export class RollupMaintainer {
  private readonly rollups: RollupWrites;
  private readonly samples: SamplesRepository;
  private readonly priorities: PrioritiesRepository;
  private readonly preference: SandboxPreferenceRepository;
  private sandboxIncluded: Promise<boolean> | undefined;
  /** The person's order per kind, read once per transaction: only a write holding the user's lock changes it. */
  private readonly orders = new Map<string, Promise<PriorityEntry[]>>();
  /** The person's number (`users.user_no`), which the rows are keyed by: found once per transaction. */
  private owner: Promise<number> | undefined;

  /** PostgreSQL: COPY on the transaction's connection, for stream rows known new (`afterInsert`). */
  private readonly copyIn: CopyIn | undefined;

  constructor(
    private readonly trx: Kysely<Database>,
    db: Pick<Db, 'dialect'>,
    /** Large reads inside the transaction as arrays, where the database can (SQLite); COPY (PostgreSQL). */
    bulk: SampleBulkIO,
    private readonly userId: string,
    /** The person's number, when the transaction found it already (a batch write, `write-batch.ts`). */
    userNo?: number,
  ) {
    if (userNo !== undefined) this.owner = Promise.resolve(userNo);
    this.copyIn = bulk.copyIn;
    const arrays = bulk.arrays(trx);
    this.rollups = new RollupWrites(trx, db.dialect, arrays);
    this.samples = new SamplesRepository(trx, arrays);
    this.priorities = new PrioritiesRepository(trx);
    this.preference = new SandboxPreferenceRepository(trx);
  }

  /**
   * Writes rows (stream increments, or rows as they are) under the person's number, found on the first
   * write: a transaction that writes no row (a refresh of days left empty) never asks for it.
   */
  private async write(mode: 'add' | 'replace', rows: readonly RollupValues[]): Promise<void> {
    if (rows.length === 0) return;
    const owner = await this.ownerNumber();
    if (mode === 'add') await this.rollups.addToStreams(owner, rows);
    else await this.rollups.put(owner, rows);
  }

  private ownerNumber(): Promise<number> {
    return (this.owner ??= findUserNo(this.trx, this.userId));
  }

  /** Whether sandbox streams count, read on first need (one read per transaction, never per sample). */
  private includesSandbox(): Promise<boolean> {
    return (this.sandboxIncluded ??= this.preference.includesSandbox(this.userId));
  }

  /**
   * After a bulk insert: `added` are exact increments, `stale` days are recomputed from samples. With
   * `deferred`, days that now have several streams are collected there instead of merged, for one
   * `remergeDays` at the end of an import: a large import then reads each day's samples back once, not
   * once per batch that touched the day.
   */
  async afterInsert(
    added: Map<string, RollupValues>,
    stale: DaysByKind,
    deferred?: DaysByKind,
    /** Stream rows no stored row shares a key with (`copyNewRows`' streams): written by COPY where it can. */
    fresh?: Map<string, RollupValues>,
  ): Promise<void> {
    const current = (g: RollupValues) => !stale.get(g.kind)?.has(g.local_day);
    const increments = [...added.values()].filter(current);
    const newRows = fresh ? [...fresh.values()].filter(current) : [];
    const copied =
      newRows.length > 0 &&
      this.copyIn !== undefined &&
      (await copyNewRollups(this.trx, this.copyIn, await this.ownerNumber(), newRows));
    // Not copied (no COPY here, a pooler's connection, or a key stored after all): the upsert adds them.
    if (!copied) increments.push(...newRows);
    await this.write('add', increments);
    const touched: DaysByKind = new Map();
    for (const g of copied ? [...increments, ...newRows] : increments) addDay(touched, g.kind, g.local_day);
    for (const [kind, days] of touched) {
      await letOthersIn();
      await this.refreshMergedFromStreams(kind, [...days], deferred);
    }
    for (const [kind, days] of stale) {
      await letOthersIn();
      await this.refreshDays(kind, [...days]);
    }
  }

  /** Recomputes stream and merged rows of the days from their samples. */
  async refreshDays(kind: string, days: readonly number[]): Promise<void> {
    const samples = await this.samples.forDays(this.userId, kind, days);
    const groups = new Map<string, RollupValues>();
    aggregateInto(groups, daySampleRows(kind, samples), 0, samples.length);
    await this.rollups.deleteDays(this.userId, kind, days);
    await this.write('replace', [...groups.values()]);
    const include = await this.includesSandbox();
    const counting = [...groups.values()].filter((g) => include || !isSandboxDevice(g.device));
    const streamsPerDay = new Map<number, number>();
    for (const g of counting) streamsPerDay.set(g.local_day, (streamsPerDay.get(g.local_day) ?? 0) + 1);
    const single = counting.filter((g) => streamsPerDay.get(g.local_day) === 1);
    await this.write(
      'replace',
      single.map((g) => ({ ...g, source: MERGED, device: '' })),
    );
    const several = [...streamsPerDay].filter(([, n]) => n > 1).map(([day]) => day);
    await this.putMerged(kind, several, groupByDay(samples));
  }

  /** Recomputes the merged rows of days whose stream rows are current. */
  async refreshMergedFromStreams(
    kind: string,
    days: readonly number[],
    deferred?: DaysByKind,
  ): Promise<void> {
    const several = await this.rollups.copySingleStreams(this.userId, kind, days, {
      excludeSandbox: !(await this.includesSandbox()),
    });
    if (several.length === 0) return;
    if (deferred) for (const day of several) addDay(deferred, kind, day);
    else
      await this.putMerged(kind, several, groupByDay(await this.samples.forDays(this.userId, kind, several)));
  }

  /** Runs the priority merge for days with several streams; used after a priority change too. */
  async remergeDays(kind: string, days: readonly number[]): Promise<void> {
    for (let i = 0; i < days.length; i += READ_SPAN) {
      await letOthersIn();
      const part = days.slice(i, i + READ_SPAN);
      await this.putMerged(kind, part, groupByDay(await this.samples.forDays(this.userId, kind, part)));
    }
  }

  /**
   * The same merge, from the samples an import holds, for the days they make up whole: on each such day
   * every stream row has the count and sum of the held samples of that stream. Answers the other days,
   * which must be read back.
   */
  async mergeHeldDays(kind: string, days: readonly number[], held: HeldSamples): Promise<number[]> {
    if (days.length === 0 || !held.isHeld(kind)) return [...days];
    const streams = groupByDay(await this.rollups.streamsOfDays(this.userId, kind, days));
    const whole = days.filter((day) => held.makesUp(kind, day, streams.get(day) ?? []));
    await this.putMerged(kind, whole, (day) => held.samplesOn(kind, day));
    const done = new Set(whole);
    return days.filter((day) => !done.has(day));
  }

  /**
   * Merges each of `days` from its samples: read back (`byDay`), or held, asked for as the merge reaches
   * the day. Held samples made into objects a month at a time outlived the young generation's
   * collections (every few ms while a busy kind merges) and filled the old one: a 1 M-Record Apple
   * Health import's heap grew from ~58 to 75–98 MB of that garbage (peak RSS 353 MB, median of five);
   * made a day at a time it stays at 58–68 MB (303 MB), and the held merges take about half as long.
   */
  private async putMerged(
    kind: string,
    days: readonly number[],
    byDay:
      ReadonlyMap<number, readonly MergeSample[]> | ((day: number) => readonly MergeSample[] | undefined),
  ): Promise<void> {
    if (days.length === 0) return;
    const samplesOf = typeof byDay === 'function' ? byDay : (day: number) => byDay.get(day);
    const metric = getMetric(kind);
    let order = this.orders.get(kind);
    if (!order) this.orders.set(kind, (order = this.priorities.list(this.userId, kind)));
    const rank = rankFunction(kind, await order, {
      includeSandbox: await this.includesSandbox(),
    });
    const merged: RollupValues[] = [];
    const empty: number[] = [];
    for (const day of days) {
      const samples = samplesOf(day);
      const m = samples ? mergeStreams(samples, metric?.aggregation ?? 'avg', rank) : undefined;
      // No samples, or nothing counted (every stream left out): the day has no merged row.
      if (!m || m.count === 0) {
        empty.push(day);
        continue;
      }
      merged.push({
        kind,
        local_day: day,
        source: MERGED,
        device: '',
        count: m.count,
        sum: m.sum,
        min: m.min,
        max: m.max,
        last_value: m.last,
        last_at: m.lastAt,
      });
    }
    if (empty.length > 0) await this.rollups.deleteDays(this.userId, kind, empty, true);
    await this.write('replace', merged);
  }
}
