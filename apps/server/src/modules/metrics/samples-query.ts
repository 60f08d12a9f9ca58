import type { Db } from '../../db/database';
import { InsightDataRepository, type SandboxScope } from './insight-data.repository';
import { ReportReadingsRepository } from './report-readings.repository';
import { SamplesExportRepository } from './samples-export.repository';
import { SourceHoldingsRepository } from './source-holdings.repository';
import { SourceReadingsRepository, type SourceReadingsQuery } from './source-readings.repository';
import { UserTimeZoneRepository } from './user-time-zone.repository';

/** Sandbox samples left out when set (what sandbox connections wrote, `sample-paths.ts`). */
interface ExcludeSandbox {
  excludeSandbox?: boolean;
}

/**
 * The one read of `samples` and `daily_rollups` for every other module (issue 26): clinical, the provider
 * endpoints, connections, insights, clinician reports, shares, the export and goals ask this, built once in
 * app.ts, and each names the methods it uses (`Pick<SamplesQuery, …>`). Every method is one query of the
 * module's private read repositories, scoped to one person; the module's own routes read through its
 * services. The person's zone and language come from here too: local days are read in that zone.
 */
export class SamplesQuery {
  private readonly zones: UserTimeZoneRepository;
  private readonly insight: InsightDataRepository;
  private readonly report: ReportReadingsRepository;
  private readonly exported: SamplesExportRepository;
  private readonly holdings: SourceHoldingsRepository;
  private readonly readings: SourceReadingsRepository;

  constructor(db: Pick<Db, 'kysely'>) {
    this.zones = new UserTimeZoneRepository(db.kysely);
    this.insight = new InsightDataRepository(db.kysely);
    this.report = new ReportReadingsRepository(db.kysely);
    this.exported = new SamplesExportRepository(db.kysely);
    this.holdings = new SourceHoldingsRepository(db.kysely);
    this.readings = new SourceReadingsRepository(db.kysely);
  }

  // The person's settings that decide how their samples are read.

  /** The zone stored in `settings.preferences` (undefined when none or not a zone); callers fall back to UTC. */
  timeZone(userId: string) {
    return this.zones.get(userId);
  }

  /** The person's language ('en', 'es', 'de' …), for words the server writes. */
  language(userId: string) {
    return this.zones.language(userId);
  }

  /** `settings.preferences.includeSandboxData`: whether generated sandbox data counts for the person. */
  includesSandbox(userId: string) {
    return this.insight.includesSandbox(userId);
  }

  // Merged days: the `'*'` rows of daily_rollups, never double counted.

  /** One series per kind of merged days `fromDay`–`toDay` (only `kinds` when given): what insights and goals read. */
  dailySeries(userId: string, fromDay: number, toDay: number, kinds?: readonly string[]) {
    return this.insight.dailySeries(userId, fromDay, toDay, kinds);
  }

  /** The merged rows themselves (count, sum, last value) of some kinds, by kind and day. */
  mergedDays(userId: string, kinds: readonly string[], fromDay: number, toDay: number) {
    return this.report.mergedDays(userId, kinds, fromDay, toDay);
  }

  /** How many local days from `fromDay` on have any data. */
  daysWithData(userId: string, fromDay: number) {
    return this.insight.daysWithData(userId, fromDay);
  }

  /** People with data whose insights last ran before `before`, or never (the daily insight run). */
  usersDueForInsights(before: number) {
    return this.insight.usersDue(before);
  }

  // Per source: the stream rows of daily_rollups and one source's samples.

  /** The sources that gave each of `kinds` daily values in `fromDay`–`toDay`, with their first and last day. */
  kindSources(userId: string, kinds: readonly string[], fromDay: number, toDay: number) {
    return this.report.sources(userId, kinds, fromDay, toDay);
  }

  /** What each source holds for the person: readings (from the rollups), clinical records, the newest. */
  sourceHoldings(userId: string) {
    return this.holdings.byUser(userId);
  }

  /** Samples per kind one source wrote for the person, with the first and last instants. */
  sourceKindCounts(userId: string, source: string) {
    return this.holdings.perKind(userId, source);
  }

  /** One source's readings of one kind, newest first (the provider endpoints: activities, workouts, CGM). */
  sourceReadings(userId: string, query: SourceReadingsQuery) {
    return this.readings.list(userId, query);
  }

  /** The newest sample of each of `kinds` that `source` wrote (a clinic's latest labs and vitals). */
  latestOfKinds(userId: string, source: string, kinds: readonly string[]) {
    return this.readings.latestOfKinds(userId, source, kinds);
  }

  // Lab results and CGM readings: a glucose with a lab's range or flag is a lab result, one without a reading.

  /** Lab results since an instant, newest first, as the insight engine takes them. */
  labResults(userId: string, sinceMs: number, scope?: SandboxScope) {
    return this.insight.labResults(userId, sinceMs, scope);
  }

  /** Lab results of local days `fromDay`–`toDay`, newest first, as stored (a share's lab table). */
  labResultsByDay(userId: string, fromDay: number, toDay: number, excludeSandbox: boolean) {
    return this.report.labResultsByDay(userId, fromDay, toDay, excludeSandbox);
  }

  /** Lab results in `fromMs`–`toMs`, oldest first, with their source and provenance (a clinician report). */
  sourcedLabs(userId: string, fromMs: number, toMs: number, excludeSandbox: boolean) {
    return this.report.labs(userId, fromMs, toMs, excludeSandbox);
  }

  /** CGM glucose values (mg/dL) since an instant, newest first. */
  glucoseReadings(userId: string, sinceMs: number, scope?: SandboxScope) {
    return this.insight.glucoseReadings(userId, sinceMs, scope);
  }

  /** CGM readings in `fromMs`–`toMs` with their instant, offset and source, oldest first. */
  timedGlucose(userId: string, fromMs: number, toMs: number, excludeSandbox: boolean) {
    return this.report.glucose(userId, fromMs, toMs, excludeSandbox);
  }

  // Everything, in pages: the account export.

  /** Every sample of the person in id order, a keyset page after `afterId`. */
  samplesPage(userId: string, afterId: number, limit: number, options?: ExcludeSandbox) {
    return this.exported.page(userId, afterId, limit, options);
  }

  /** The kinds the person holds samples of (from the rollups' streams). */
  kindsHeld(userId: string, options?: ExcludeSandbox) {
    return this.exported.kinds(userId, options);
  }

  /** One kind's samples in time order, a keyset page after (start, id). */
  samplesOfKindPage(
    userId: string,
    kind: string,
    after: { start: number; id: number },
    limit: number,
    options?: ExcludeSandbox,
  ) {
    return this.exported.pageOfKind(userId, kind, after, limit, options);
  }

  /** Lab results as stored rows, newest first, at most 1 000. */
  labResultRows(userId: string, options?: ExcludeSandbox) {
    return this.exported.labResults(userId, options);
  }
}
