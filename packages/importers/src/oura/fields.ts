import type { Fields } from './values';

/** A reading of a record that is not kept: the field (or column) it is in, and why. */
export interface Skip {
  type: string;
  reason: string;
}

/** Fields that name, place or describe a record (ids, days, times, types, versions), not readings. */
const KEYS = new Set([
  'id',
  'day',
  'summary_date',
  'timestamp',
  'day_start',
  'day_end',
  'type',
  'is_longest',
  'bedtime_start',
  'bedtime_end',
  'period',
  'source',
  'sleep_algorithm_version',
  'low_battery_alert',
  'date',
  'Bedtime Start',
  'Bedtime End',
]);

const SCORE = "Oura's own score, worked out from other readings: not a measurement Healthfolio keeps";
const STAGE = 'sleep stages are not kept yet; the total sleep is';
const SERIES = "the night's five-minute series is not kept; the night's own readings are";
const TARGET = 'a target Oura set, not a measurement';
const ACTIVITY = 'activity time and MET minutes are not kept yet; steps and calories are';

/** Why the fields and trends columns Oura writes and we do not keep are left. */
const REASONS: Record<string, string> = {
  score: SCORE,
  contributors: SCORE,
  readiness: SCORE,
  readiness_score_delta: SCORE,
  sleep_score_delta: SCORE,
  efficiency: SCORE,
  awake_time: STAGE,
  deep_sleep_duration: STAGE,
  light_sleep_duration: STAGE,
  rem_sleep_duration: STAGE,
  time_in_bed: STAGE,
  latency: STAGE,
  restless_periods: STAGE,
  heart_rate: SERIES,
  hrv: SERIES,
  movement_30_sec: SERIES,
  sleep_phase_5_min: SERIES,
  class_5_min: 'the day in five-minute activity classes is not kept',
  met: 'the day in minute MET values is not kept',
  average_heart_rate: "the night's average heart rate is not kept; its lowest is the resting rate",
  target_calories: TARGET,
  target_meters: TARGET,
  meters_to_target: TARGET,
  breathing_disturbance_index: 'Healthfolio has no metric for breathing disturbances yet',
  average_met_minutes: ACTIVITY,
  high_activity_met_minutes: ACTIVITY,
  medium_activity_met_minutes: ACTIVITY,
  low_activity_met_minutes: ACTIVITY,
  sedentary_met_minutes: ACTIVITY,
  high_activity_time: ACTIVITY,
  medium_activity_time: ACTIVITY,
  low_activity_time: ACTIVITY,
  sedentary_time: ACTIVITY,
  resting_time: ACTIVITY,
  non_wear_time: ACTIVITY,
  inactivity_alerts: ACTIVITY,
  equivalent_walking_distance: 'the distance Oura estimates from steps is not kept; the steps are',
  // The older trends CSV's columns.
  'Total Bedtime': STAGE,
  'Awake Time': STAGE,
  'REM Sleep Time': STAGE,
  'Light Sleep Time': STAGE,
  'Deep Sleep Time': STAGE,
  'Restless Sleep': STAGE,
  'Sleep Efficiency': SCORE,
  'Sleep Latency': STAGE,
  'Sleep Timing': SCORE,
  'Average Resting Heart Rate': "the night's average heart rate is not kept; its lowest is the resting rate",
  'Temperature Deviation (°C)': 'temperature deviation is not kept yet',
  'Target Calories': TARGET,
  'Daily Movement': 'the distance Oura estimates from steps is not kept; the steps are',
  'Inactive Time': ACTIVITY,
  'Rest Time': ACTIVITY,
  'Low Activity Time': ACTIVITY,
  'Medium Activity Time': ACTIVITY,
  'High Activity Time': ACTIVITY,
  'Non-wear Time': ACTIVITY,
  'Average MET': ACTIVITY,
  'Long Periods of Inactivity': ACTIVITY,
};

export const reasonFor = (name: string): string =>
  REASONS[name] ?? (/ Score$/.test(name) ? SCORE : 'Healthfolio does not read this Oura field yet');

/** Whether a field or cell holds anything: not missing, null, blank or the text "null". */
export const filled = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && value !== 'null';

/**
 * The filled fields of a record that are neither `used` by its mapping nor ones that place it, each a
 * reading skipped under its name with why. A nested object or series is one reading.
 */
export function otherFields(fields: Fields, used: ReadonlySet<string>): Skip[] {
  const skipped: Skip[] = [];
  for (const name in fields) {
    if (used.has(name) || KEYS.has(name) || !filled(fields[name])) continue;
    skipped.push({ type: name, reason: reasonFor(name) });
  }
  return skipped;
}
