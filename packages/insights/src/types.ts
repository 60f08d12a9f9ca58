import type {
  GoalDirection,
  GoalPeriod,
  InsightSeries,
  InsightSeverity,
  InsightType,
} from '@healthfolio/core';

/**
 * One metric's daily values over the window the engine looks at, oldest first. `days` are local days
 * (days since 1970-01-01 in the person's zone); a day without data is simply absent. Values are the
 * day's total for summed kinds (steps), its mean for averaged ones (resting heart rate), its last
 * reading for `last` kinds (weight), in the kind's canonical unit.
 */
export interface DailySeries {
  metric: string;
  unit: string;
  aggregation: 'sum' | 'avg' | 'last';
  days: readonly number[];
  values: readonly number[];
}

/** A lab result as stored: the value, the lab's own reference range when it sent one, and its flag. */
export interface LabResult {
  metric: string;
  /** The test as the lab named it ("LDL-Cholesterol"). */
  name: string;
  day: number;
  value: number;
  unit: string;
  low?: number;
  high?: number;
  /** The lab's flag: low, high, critical (critical_low / critical_high), abnormal. */
  flag?: string;
}

/** A goal as the engine sees it; `target` is in the kind's canonical unit. */
export interface GoalSpec {
  id: string;
  title: string;
  metric: string;
  target: number;
  direction: GoalDirection;
  period: GoalPeriod;
  /** Local day of the deadline, for by_date goals. */
  deadline: number | null;
  /** Local day the goal was set. */
  createdDay: number;
  startValue: number | null;
}

export interface EngineInput {
  /**
   * Today: the local day of "now" in the person's zone (their profile zone), so always a day in
   * progress. No rule reads it as a whole day — day-by-day comparisons end the day before — and only
   * findings marked `partial` speak of it, as "so far".
   */
  today: number;
  /** Daily series by canonical kind. */
  series: ReadonlyMap<string, DailySeries>;
  labs: readonly LabResult[];
  /** CGM readings of the last 14 days in mg/dL, for time in and below range. */
  glucoseReadings: readonly number[];
  goals: readonly GoalSpec[];
  /** The person's language for the findings' words ('en', 'es', 'de'); English when unset. */
  language?: string;
}

/**
 * One finding. `key` names the finding, not its figures ("trend:resting_heart_rate:up"), so a
 * re-run updates the same insight instead of adding another.
 */
export interface Finding {
  key: string;
  type: InsightType;
  severity: InsightSeverity;
  /** What happened and what it may mean, in everyday words (the title says it in a line). */
  title: string;
  description: string;
  /**
   * "How we know": the statistics behind the finding (test, interval, p, corrections, window), told
   * apart from the plain description; empty when the description says it all.
   */
  evidence?: string;
  actionable: boolean;
  recommendations: string[];
  relatedMetrics: string[];
  /** Local days, inclusive. */
  window: { from: number; to: number };
  values: Record<string, number | string>;
  series: InsightSeries[];
  /**
   * The finding tells the day or week in progress as it stands so far ("Today so far: 4,700 steps"). It is
   * shown but never mailed: by evening it says something else.
   */
  partial?: boolean;
}

/** A rule reads the input and returns its findings; rules never throw on thin or odd data. */
export type InsightRule = (input: EngineInput) => Finding[];
