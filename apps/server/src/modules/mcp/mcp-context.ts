import {
  convert,
  displayUnitFor,
  getMetric,
  type ClinicalRecordPage,
  type ClinicalRecordsQuery,
  type ClinicalSummary,
  type Goal,
  type Insight,
  type InsightsQuery,
  type ManualEntry,
  type MetricsQuery,
  type MetricsSeries,
  type MetricsSummary,
  type SampleItem,
  type UnitSystem,
  type UserProfile,
} from '@healthfolio/core';
import type { TokenIdentity } from '../api-tokens';
import type { SamplesQuery } from '../metrics';

/**
 * What the MCP tools read through: the same services the REST routes call (metrics' series, summary and
 * entries; insights; goals; clinical; the account's profile). No SQL of its own.
 */
export interface McpServices {
  series: { query(userId: string, query: MetricsQuery, tz: string): Promise<MetricsSeries> };
  summary: { summary(userId: string, tz: string): Promise<MetricsSummary> };
  entries: { create(userId: string, entry: ManualEntry): Promise<SampleItem> };
  zones: Pick<SamplesQuery, 'timeZone'>;
  insights: { list(userId: string, query: InsightsQuery): Promise<Insight[]> };
  goals: { list(userId: string): Promise<Goal[]> };
  clinical: {
    summary(userId: string): Promise<ClinicalSummary>;
    list(userId: string, query: ClinicalRecordsQuery): Promise<ClinicalRecordPage>;
  };
  profile(userId: string): Promise<UserProfile>;
  /** Records one tool call or resource read in the person's audit log. */
  audit(identity: TokenIdentity, tool: string): Promise<void>;
  now: () => number;
  /** The server's version, told to clients on initialize. */
  version: string;
}

/** One person's session with the tools: who, their zone and unit system. */
export interface McpCaller {
  identity: TokenIdentity;
  tz: string;
  units: UnitSystem;
}

export const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of an instant in a zone. */
export const dateIn = (tz: string, ms: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));

/** Whole days from one date to another, both "YYYY-MM-DD". */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Turns canonical values of a kind into the caller's unit system, rounded to three decimals so an answer
 * stays small; `unit` is the unit as people write it ("kg", "lb", "mg/dL", "bpm"), empty for counts.
 */
export function unitsFor(kind: string, system: UnitSystem): { unit: string; value: (v: number) => number } {
  const metric = getMetric(kind);
  const display = metric ? displayUnitFor(kind, system) : undefined;
  if (!metric?.unit || !display) return { unit: metric?.unit ?? '', value: round };
  const from = metric.unit;
  const to = display.unitCode;
  return { unit: display.unit, value: (v) => round(from === to ? v : convert(v, from, to, kind)) };
}

/** The structured answer of a tool, also given as text for clients that read only text. */
export function answer<T extends Record<string, unknown>>(structured: T) {
  return {
    structuredContent: structured,
    content: [{ type: 'text' as const, text: JSON.stringify(structured) }],
  };
}
