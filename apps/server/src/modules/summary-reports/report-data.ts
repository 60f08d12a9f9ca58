import {
  clinicalCategories,
  type ClinicalCategory,
  type ClinicalRecord,
  type Goal,
  type Insight,
  type ReportSection,
} from '@healthfolio/core';
import { dayFromIso, type DailySeries, type LabResult } from '@healthfolio/insights';
import type { ClinicalService } from '../clinical';
import type { GoalsService } from '../goals';
import {
  type KindSource,
  type SamplesQuery,
  type SourcedLab,
  type TimedGlucose,
  DAY_MS,
  dayStartIn,
  localDayIn,
} from '../metrics';
import type { InsightsService } from '../insights';

/** Days before the period the baselines of the health score need. */
const BASELINE_DAYS = 120;
/** Clinical records a report lists per category at most. */
const CLINICAL_LIMIT = 200;

/** Everything one report draws, read once through the owning modules. */
export interface ReportData {
  person: string;
  units: 'metric' | 'imperial';
  zone: string;
  fromDay: number;
  toDay: number;
  /** The local day in progress (the health score reads the days before it). */
  today: number;
  series: ReadonlyMap<string, DailySeries>;
  sources: readonly KindSource[];
  labsForScore: readonly LabResult[];
  labs: readonly SourcedLab[];
  glucose: readonly TimedGlucose[];
  clinical: ReadonlyMap<ClinicalCategory, readonly ClinicalRecord[]>;
  insights: readonly Insight[];
  goals: readonly Goal[];
}

export interface ReportDataDeps {
  samples: Pick<
    SamplesQuery,
    | 'timeZone'
    | 'includesSandbox'
    | 'dailySeries'
    | 'labResults'
    | 'kindSources'
    | 'sourcedLabs'
    | 'timedGlucose'
  >;
  clinical: ClinicalService;
  insights: InsightsService;
  goals: GoalsService;
  profile: (userId: string) => Promise<{ name: string; units: 'metric' | 'imperial' }>;
  now: () => number;
}

/** Reads what the chosen sections need; a section left out is not read. */
export async function readReportData(
  deps: ReportDataDeps,
  userId: string,
  period: { from: string; to: string },
  sections: readonly ReportSection[],
): Promise<ReportData> {
  const want = new Set(sections);
  const zone = (await deps.samples.timeZone(userId)) ?? 'UTC';
  const fromDay = dayFromIso(period.from);
  const toDay = dayFromIso(period.to);
  const fromMs = dayStartIn(zone, fromDay);
  const toMs = dayStartIn(zone, toDay + 1);
  const today = localDayIn(zone, deps.now());
  const excludeSandbox = !(await deps.samples.includesSandbox(userId));
  const scoreFrom = Math.min(fromDay, today - BASELINE_DAYS);
  const [profile, series, labsForScore] = await Promise.all([
    deps.profile(userId),
    deps.samples.dailySeries(userId, scoreFrom, Math.max(toDay, today)),
    want.has('summary')
      ? deps.samples.labResults(userId, deps.now() - 400 * DAY_MS, { excludeSandbox })
      : Promise.resolve([]),
  ]);
  const sources = await deps.samples.kindSources(userId, [...series.keys()], fromDay, toDay);
  const labs = want.has('labs') ? await deps.samples.sourcedLabs(userId, fromMs, toMs, excludeSandbox) : [];
  const glucose = want.has('glucose')
    ? await deps.samples.timedGlucose(userId, fromMs, toMs, excludeSandbox)
    : [];
  const clinical = new Map<ClinicalCategory, ClinicalRecord[]>();
  if (want.has('clinical')) {
    for (const category of clinicalCategories) {
      if (category === 'encounter') continue;
      const page = await deps.clinical.list(userId, { category, limit: CLINICAL_LIMIT });
      clinical.set(category, page.items);
    }
  }
  const insights = want.has('insights')
    ? await deps.insights.list(userId, { type: 'all', severity: 'all' })
    : [];
  const goals = want.has('goals') ? await deps.goals.list(userId) : [];
  return {
    person: profile.name,
    units: profile.units,
    zone,
    fromDay,
    toDay,
    today,
    series,
    sources,
    labsForScore,
    labs,
    glucose,
    clinical,
    insights,
    goals,
  };
}
