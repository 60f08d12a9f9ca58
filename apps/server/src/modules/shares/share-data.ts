import {
  displayUnitFor,
  getConverter,
  getMetric,
  metricCatalogue,
  shareSections,
  type Goal,
  type MetricCategory,
  type MetricDefinition,
  type PublicShare,
  type SampleMeta,
  type ShareSection,
  type SharedSeries,
  type UnitSystem,
  type UserProfile,
} from '@healthfolio/core';
import { DAY_MS, dateToDay, dayToDate } from '../metrics';
import type { ShareDataRepository } from './share-data.repository';

const catalogue = metricCatalogue as readonly MetricDefinition[];

/** The kinds whose merged daily values each metric section shows. */
const kindsOf = (category: MetricCategory) =>
  catalogue.filter((m) => m.category === category && m.valueType !== 'coded').map((m) => m.kind);
export const sectionKinds: Partial<Record<ShareSection, readonly string[]>> = {
  vitals: kindsOf('vitals'),
  activity: kindsOf('activity'),
  sleep: kindsOf('sleep'),
  body: kindsOf('body'),
  glucose: ['blood_glucose'],
};

export interface ShareScope {
  userId: string;
  sections: readonly ShareSection[];
  from: string;
  to: string;
}

export interface ShareDataDeps {
  data: ShareDataRepository;
  /** The owner's goals with their progress (the goals module). */
  goals(userId: string): Promise<Goal[]>;
  /** Today's health score (the summary-reports module); the section is empty without it. */
  healthScore?(userId: string): Promise<NonNullable<PublicShare['healthScore']>>;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A kind's values as the owner reads them: in the display unit of their unit system ("lb", "mi", "°F" with
 * imperial units, "kg", "km", "°C" with metric), by core's converter. Kinds without a display keep the
 * stored unit.
 */
function displayOf(kind: string, unit: string, system: UnitSystem) {
  const display = displayUnitFor(kind, system);
  if (!display || display.unitCode === unit) return { unit, convert: (v: number) => v };
  return { unit: display.unitCode, convert: getConverter(unit, display.unitCode, kind) };
}
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * What a recipient sees: exactly the sections named (in the catalogue's order) over exactly the period,
 * read for the owner only. The person is named unless they anonymise shared data; no email, id or other
 * identifier is ever part of it.
 */
export async function shareContent(
  deps: ShareDataDeps,
  scope: ShareScope,
  profile: UserProfile,
  meta: { recipient: string; expiresAt: string; generatedAt: string; hasReport: boolean },
): Promise<PublicShare> {
  const sections = shareSections.filter((s) => scope.sections.includes(s));
  const fromDay = dateToDay(scope.from);
  const toDay = dateToDay(scope.to);
  const anonymized = profile.settings.privacy.anonymizeData;
  const excludeSandbox = !profile.settings.preferences.includeSandboxData;
  const units = profile.settings.preferences.units;
  const out: PublicShare = {
    recipient: meta.recipient,
    from: scope.from,
    to: scope.to,
    expiresAt: meta.expiresAt,
    sections,
    person: anonymized ? null : { name: profile.name || null },
    anonymized,
    generatedAt: meta.generatedAt,
    hasReport: meta.hasReport,
    series: {},
  };
  for (const section of sections) {
    const kinds = sectionKinds[section];
    if (kinds) out.series[section] = await seriesOf(deps.data, scope.userId, kinds, fromDay, toDay, units);
  }
  if (sections.includes('labs')) {
    const rows = await deps.data.labResults(scope.userId, fromDay, toDay, excludeSandbox);
    out.labs = rows.map((r) => {
      const labMeta = parseMeta(r.meta);
      const range = labMeta?.referenceRange;
      return {
        kind: r.kind,
        name: labMeta?.name ?? getMetric(r.kind)?.label ?? r.kind,
        day: dayToDate(r.local_day),
        value: r.value,
        unit: r.unit,
        low: range?.low ?? null,
        high: range?.high ?? null,
        flag: r.flag,
      };
    });
  }
  if (sections.includes('clinical')) {
    const rows = await deps.data.clinical(scope.userId, fromDay * DAY_MS, (toDay + 1) * DAY_MS);
    out.clinical = rows.map((r) => ({
      category: r.category,
      display: r.display,
      status: r.status,
      recordedAt: iso(r.recorded_at),
      endedAt: iso(r.ended_at),
    }));
  }
  if (sections.includes('insights')) {
    const rows = await deps.data.insights(scope.userId, fromDay, toDay);
    out.insights = rows.map((r) => ({
      type: r.type,
      severity: r.severity,
      title: r.title,
      description: r.description,
      createdAt: new Date(Number(r.created_at)).toISOString(),
    }));
  }
  if (sections.includes('goals')) {
    out.goals = (await deps.goals(scope.userId)).map((g) => {
      const shown = displayOf(g.metric, g.unit, units);
      return {
        title: g.title,
        metric: g.metric,
        target: round(shown.convert(g.target)),
        unit: shown.unit,
        current: g.progress.current === null ? null : round(shown.convert(g.progress.current)),
      };
    });
  }
  if (sections.includes('healthScore') && deps.healthScore) {
    const score = await deps.healthScore(scope.userId);
    out.healthScore = {
      score: score.score,
      day: score.day,
      reason: score.reason,
      parts: score.parts.map(({ name, weight, score: partScore, basis }) => ({
        name,
        weight,
        score: partScore,
        basis,
      })),
    };
  }
  return out;
}

async function seriesOf(
  data: ShareDataRepository,
  userId: string,
  kinds: readonly string[],
  fromDay: number,
  toDay: number,
  units: UnitSystem,
): Promise<SharedSeries[]> {
  const bykind = new Map<string, SharedSeries>();
  for (const row of await data.mergedDays(userId, kinds, fromDay, toDay)) {
    const metric = getMetric(row.kind);
    if (!metric || row.count <= 0) continue;
    const value =
      metric.aggregation === 'sum'
        ? row.sum
        : metric.aggregation === 'avg'
          ? row.sum / row.count
          : (row.last_value ?? row.sum / row.count);
    const shown = displayOf(row.kind, metric.unit ?? '1', units);
    let series = bykind.get(row.kind);
    if (!series) {
      series = { kind: row.kind, label: metric.label, unit: shown.unit, days: [] };
      bykind.set(row.kind, series);
    }
    series.days.push({ day: dayToDate(row.local_day), value: round(shown.convert(value)) });
  }
  return [...bykind.values()];
}

function parseMeta(meta: string | null): (SampleMeta & { name?: string }) | null {
  if (!meta) return null;
  try {
    return JSON.parse(meta) as SampleMeta & { name?: string };
  } catch {
    return null;
  }
}
