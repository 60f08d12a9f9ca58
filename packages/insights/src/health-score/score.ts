import type { DailySeries, LabResult } from '../types';
import { isoDay, lastWholeDay } from '../shared/days';
import { cleanPoints, slicePoints } from '../shared/points';
import { mean, median, standardDeviation } from '../stats';
import { words } from '../words';

/**
 * The health score: a transparent 0–100 from the person's recent days. Each part scores 0–100 on its
 * own documented scale; the score is the weighted mean of the parts that have enough data, and there is
 * no score when those parts carry less than half of the weight. README.md "Health score" gives the
 * evidence for each scale.
 */
export const HEALTH_SCORE_WEIGHTS = {
  sleep_duration: 20,
  sleep_regularity: 10,
  activity_minutes: 20,
  steps: 15,
  resting_heart_rate: 15,
  heart_rate_variability: 10,
  lab_flags: 10,
} as const;
export type HealthScorePartKey = keyof typeof HEALTH_SCORE_WEIGHTS;

/** Days looked at for sleep and activity: the last 14 whole days. */
export const RECENT_DAYS = 14;
/** Days of resting heart rate and HRV compared with the baseline: the last 7 whole days. */
export const HEART_RECENT_DAYS = 7;
/** The baseline: the 75 days before the recent week (days −90 to −8). */
export const BASELINE_DAYS = 83;
/** Fewest days a sleep or activity part needs in its 14, fewest baseline days, fewest recent heart days. */
export const MIN_RECENT_DAYS = 7;
export const MIN_BASELINE_DAYS = 14;
export const MIN_HEART_DAYS = 3;
/** Lab results older than this are not counted. */
export const LAB_MAX_AGE_DAYS = 365;
/** The share of the weight the parts with data must carry for a score. */
export const MIN_WEIGHT_SHARE = 0.5;
/** WHO 2020: 150 minutes of moderate activity a week. */
export const WHO_WEEKLY_MINUTES = 150;
/** Steps a day at which the risk reduction levels off (Paluch et al., Lancet Public Health 2022). */
export const STEPS_TARGET = 8000;

export interface HealthScorePart {
  key: HealthScorePartKey;
  name: string;
  weight: number;
  /** The data behind the part, in `unit`; null without enough data. */
  value: number | null;
  unit: string;
  /** 0–100, or null without enough data. */
  score: number | null;
  /** The data behind it in words ("7.2 h a night over 13 nights"), or why there is no score. */
  basis: string;
}

export interface HealthScore {
  /** 0–100 rounded, or null when the parts with data carry less than half of the weight. */
  score: number | null;
  /** The last whole day the score looks back from (ISO date). */
  day: string;
  parts: HealthScorePart[];
  /** Why there is no score, when there is none. */
  reason: string | null;
}

export interface HealthScoreInput {
  /** The local day in progress; the score reads whole days up to the day before. */
  today: number;
  series: ReadonlyMap<string, DailySeries>;
  labs: readonly LabResult[];
  /** The language of the parts' names and reasons ('en', 'es', 'de'); English when unset. */
  language?: string;
}

const clamp = (x: number) => Math.max(0, Math.min(100, x));
const round1 = (x: number) => Math.round(x * 10) / 10;

/** 100 at 7–9 h (AASM/SRS 2015); 0 at 4 h and less; above 9 h, 25 points less per hour. */
export function sleepDurationScore(hours: number): number {
  if (hours < 7) return clamp(((hours - 4) / 3) * 100);
  if (hours > 9) return clamp(100 - (hours - 9) * 25);
  return 100;
}

/** Night-to-night standard deviation of sleep: 100 at ≤ 0.5 h, 0 at ≥ 2 h, linear between. */
export function sleepRegularityScore(sdHours: number): number {
  return clamp(((2 - sdHours) / 1.5) * 100);
}

/** Weekly minutes of exercise against WHO's 150. */
export function activityScore(weeklyMinutes: number): number {
  return clamp((weeklyMinutes / WHO_WEEKLY_MINUTES) * 100);
}

/** Daily steps against 8 000. */
export function stepsScore(steps: number): number {
  return clamp((steps / STEPS_TARGET) * 100);
}

/** Resting heart rate above the person's baseline: 10 points less per beat a minute; at or below: 100. */
export function restingHeartRateScore(recent: number, baseline: number): number {
  return clamp(100 - Math.max(0, recent - baseline) * 10);
}

/** HRV as a share of the baseline: 100 at ≥ 100 %, 0 at ≤ 60 %, linear between. */
export function hrvScore(recent: number, baseline: number): number {
  return clamp(((recent / baseline - 0.6) / 0.4) * 100);
}

/** Share of the latest results not flagged; any critical result scores 0. */
export function labFlagsScore(flagged: number, critical: number, total: number): number {
  if (critical > 0) return 0;
  return clamp((1 - flagged / total) * 100);
}

function recentValues(series: DailySeries | undefined, from: number, to: number): number[] {
  return [...slicePoints(cleanPoints(series), from, to).values];
}

const LOW_FLAGS = new Set(['low', 'critical_low', 'l', 'll']);
const CRITICAL = (flag: string | undefined) => !!flag && /critical|hh|ll/i.test(flag);

function isFlagged(lab: LabResult): boolean {
  if (lab.flag && lab.flag !== 'normal' && lab.flag !== 'n') return true;
  if (lab.low !== undefined && lab.value < lab.low) return true;
  return lab.high !== undefined && lab.value > lab.high;
}

/** Computes every part, then the score. Pure: the same input always gives the same score. */
export function healthScore({ today, series, labs, language }: HealthScoreInput): HealthScore {
  const w = words(language, today);
  // English keeps its plain figures ("7.5", "8000"); other languages write theirs ("7,5", "8.000").
  const num = (x: number, digits = 1) =>
    w.language === 'en' ? String(digits === 0 ? Math.round(x) : round1(x)) : w.number(x, digits);
  const end = lastWholeDay(today);
  const from = end - RECENT_DAYS + 1;
  const part = (
    key: HealthScorePartKey,
    unit: string,
    value: number | null,
    score: number | null,
    basis: string,
  ): HealthScorePart => ({
    key,
    name: w.say.scorePart[key],
    weight: HEALTH_SCORE_WEIGHTS[key],
    value: value === null ? null : round1(value),
    unit,
    score: score === null ? null : Math.round(score),
    basis,
  });
  const tooFew = w.say.scoreTooFew;
  const parts: HealthScorePart[] = [];

  const sleep = recentValues(series.get('sleep_duration'), from, end);
  if (sleep.length >= MIN_RECENT_DAYS) {
    const hours = mean(sleep);
    parts.push(
      part(
        'sleep_duration',
        'h',
        hours,
        sleepDurationScore(hours),
        w.say.scoreSleep(num(hours), sleep.length),
      ),
    );
    const sd = standardDeviation(sleep);
    parts.push(
      part(
        'sleep_regularity',
        'h',
        sd,
        sleepRegularityScore(sd),
        w.say.scoreRegularity(num(sd), sleep.length),
      ),
    );
  } else {
    const why = tooFew('nights', sleep.length, MIN_RECENT_DAYS, 'recent');
    parts.push(part('sleep_duration', 'h', null, null, why));
    parts.push(part('sleep_regularity', 'h', null, null, why));
  }

  const minutes = recentValues(series.get('exercise_minutes'), from, end);
  if (minutes.length >= MIN_RECENT_DAYS) {
    const weekly = mean(minutes) * 7;
    parts.push(
      part(
        'activity_minutes',
        'min/week',
        weekly,
        activityScore(weekly),
        w.say.scoreActivity(num(weekly, 0), minutes.length, WHO_WEEKLY_MINUTES),
      ),
    );
  } else {
    parts.push(
      part(
        'activity_minutes',
        'min/week',
        null,
        null,
        tooFew('exercise', minutes.length, MIN_RECENT_DAYS, 'recent'),
      ),
    );
  }

  const steps = recentValues(series.get('steps'), from, end);
  if (steps.length >= MIN_RECENT_DAYS) {
    const perDay = mean(steps);
    parts.push(
      part(
        'steps',
        'steps/day',
        perDay,
        stepsScore(perDay),
        w.say.scoreSteps(num(perDay, 0), steps.length, STEPS_TARGET),
      ),
    );
  } else {
    parts.push(
      part('steps', 'steps/day', null, null, tooFew('steps', steps.length, MIN_RECENT_DAYS, 'recent')),
    );
  }

  const heartFrom = end - HEART_RECENT_DAYS + 1;
  const baseFrom = heartFrom - BASELINE_DAYS;
  const versusBaseline = (
    key: 'resting_heart_rate' | 'heart_rate_variability',
    unit: string,
    score: (recent: number, baseline: number) => number,
  ) => {
    const recent = recentValues(series.get(key), heartFrom, end);
    const base = recentValues(series.get(key), baseFrom, heartFrom - 1);
    if (recent.length < MIN_HEART_DAYS || base.length < MIN_BASELINE_DAYS) {
      const why =
        recent.length < MIN_HEART_DAYS
          ? tooFew('days', recent.length, MIN_HEART_DAYS, 'week')
          : tooFew('days', base.length, MIN_BASELINE_DAYS, 'baseline');
      parts.push(part(key, unit, null, null, why));
      return;
    }
    const r = mean(recent);
    const b = median(base);
    parts.push(
      part(key, unit, r, score(r, b), w.say.scoreBaseline(num(r), unit, recent.length, num(b), base.length)),
    );
  };
  versusBaseline('resting_heart_rate', 'bpm', restingHeartRateScore);
  versusBaseline('heart_rate_variability', 'ms', hrvScore);

  const latest = new Map<string, LabResult>();
  for (const lab of labs) {
    if (lab.day < end - LAB_MAX_AGE_DAYS || lab.day > end + 1) continue;
    const known = latest.get(lab.metric);
    if (!known || lab.day > known.day) latest.set(lab.metric, lab);
  }
  const results = [...latest.values()];
  if (results.length > 0) {
    const flagged = results.filter(isFlagged);
    const critical = results.filter((lab) => CRITICAL(lab.flag)).length;
    const names = flagged.map((lab) => `${lab.name}${LOW_FLAGS.has(lab.flag ?? '') ? w.say.scoreLow : ''}`);
    parts.push(
      part(
        'lab_flags',
        'flagged',
        flagged.length,
        labFlagsScore(flagged.length, critical, results.length),
        flagged.length === 0
          ? w.say.scoreLabsFine(results.length)
          : w.say.scoreLabsFlagged(flagged.length, results.length, names.join(', ')),
      ),
    );
  } else {
    parts.push(part('lab_flags', 'flagged', null, null, w.say.scoreNoLabs));
  }

  const scored = parts.filter((p) => p.score !== null);
  const weight = scored.reduce((sum, p) => sum + p.weight, 0);
  const total = parts.reduce((sum, p) => sum + p.weight, 0);
  const enough = weight >= total * MIN_WEIGHT_SHARE;
  // The weighted mean of the unrounded part scores would differ from what a reader recomputes from the
  // shown parts; the score is computed from the part scores as shown.
  const score = enough ? Math.round(scored.reduce((sum, p) => sum + p.weight * p.score!, 0) / weight) : null;
  return {
    score,
    day: isoDay(end),
    parts,
    reason: enough ? null : w.say.scoreReason(weight, total, total * MIN_WEIGHT_SHARE),
  };
}
