/** A reading of a row that is not kept: its column, and why. */
export interface Skip {
  type: string;
  reason: string;
}

/** Columns that place or name a row (times, zone, activity, flags), not readings themselves. */
const KEYS = new Set([
  'Cycle start time',
  'Cycle end time',
  'Cycle timezone',
  'Sleep onset',
  'Wake onset',
  'Nap',
  'Workout start time',
  'Workout end time',
  'Activity name',
  'GPS enabled',
]);

const SCORE = 'a WHOOP score worked out from other readings, not a measurement Healthfolio keeps';
const STAGE = 'sleep stages are not kept yet; the time asleep is';
const COACHING = "WHOOP's sleep coaching (what it advises), not a measurement";
const ZONE = 'time in a heart-rate zone is not kept; the workout keeps its average heart rate';
const ALTITUDE = 'a workout keeps its length, distance, energy and average heart rate, not its altitude';

/** Why each column WHOOP writes and we do not keep is left, by name. */
const REASONS: Record<string, string> = {
  'Recovery score %': SCORE,
  'Day Strain': SCORE,
  'Activity Strain': SCORE,
  'Sleep performance %': SCORE,
  'Sleep efficiency %': SCORE,
  'Sleep consistency %': SCORE,
  'Max HR (bpm)': "WHOOP's highest heart rate of the cycle or workout, not a reading of its own",
  'Average HR (bpm)': "WHOOP's average heart rate over the whole cycle, not a reading of its own",
  'In bed duration (min)': STAGE,
  'Light sleep duration (min)': STAGE,
  'Deep (SWS) duration (min)': STAGE,
  'REM duration (min)': STAGE,
  'Awake duration (min)': STAGE,
  'Sleep need (min)': COACHING,
  'Sleep debt (min)': COACHING,
  'HR Zone 1 %': ZONE,
  'HR Zone 2 %': ZONE,
  'HR Zone 3 %': ZONE,
  'HR Zone 4 %': ZONE,
  'HR Zone 5 %': ZONE,
  'Altitude gain (meters)': ALTITUDE,
  'Altitude change (meters)': ALTITUDE,
};

/**
 * The filled cells of a row that are not kept (neither `kept` nor a column that places the row), each a
 * reading skipped under its column name. An empty cell is not a reading.
 */
export function skippedColumns(cells: Record<string, string>, kept: ReadonlySet<string>): Skip[] {
  const skipped: Skip[] = [];
  for (const column in cells) {
    if (!cells[column] || kept.has(column) || KEYS.has(column)) continue;
    skipped.push({
      type: column,
      reason: REASONS[column] ?? 'Healthfolio does not read this WHOOP column yet',
    });
  }
  return skipped;
}
