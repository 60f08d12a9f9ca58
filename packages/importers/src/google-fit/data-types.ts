import type { DataSource } from './data-source';

/**
 * How the points of an All Data type become samples:
 * - `value`: the first field, a number in `unit`, as `kind` (0 is no reading where `zeroIsNone`; `at:
 *   'end'` for types Fit stamps by their end only);
 * - `blood-pressure`: systolic and diastolic, two readings a point;
 * - `nutrition`: each nutrient of the point's map a reading;
 * - `sleep`: a sleep stage (com.google.sleep.segment);
 * - `activity`: an activity type (com.google.activity.segment), of which only sleep is kept.
 */
export type PointShape =
  | { shape: 'value'; kind: string; unit: string; zeroIsNone?: boolean; at?: 'end' }
  | { shape: 'blood-pressure' }
  | { shape: 'nutrition' }
  | { shape: 'sleep' }
  | { shape: 'activity' };

const value = (kind: string, unit: string, more: { zeroIsNone?: boolean; at?: 'end' } = {}): PointShape => ({
  shape: 'value',
  kind,
  unit,
  ...more,
});

/** The All Data types read into samples (Google Fit's data-type reference gives each field's unit). */
export const POINT_TYPES: Record<string, PointShape> = {
  'com.google.step_count.delta': value('steps', '{count}'),
  'com.google.distance.delta': value('distance', 'm'),
  'com.google.calories.expended': value('calories', 'kcal'),
  // The day's resting burn, kcal a day, from height and weight: a rate, not energy over the point's span.
  'com.google.calories.bmr': value('rmr', 'kcal/d', { zeroIsNone: true, at: 'end' }),
  // Move Minutes: whole minutes of movement.
  'com.google.active_minutes': value('exercise_minutes', 'min'),
  'com.google.heart_minutes': value('heart_points', '{count}'),
  'com.google.heart_rate.bpm': value('heart_rate', '/min', { zeroIsNone: true }),
  'com.google.weight': value('weight', 'kg', { zeroIsNone: true }),
  'com.google.height': value('height', 'm', { zeroIsNone: true }),
  'com.google.body.fat.percentage': value('body_fat', '%', { zeroIsNone: true }),
  'com.google.speed': value('speed', 'm/s'),
  'com.google.power.sample': value('power', 'W'),
  'com.google.cycling.pedaling.cadence': value('cycling_cadence', '/min'),
  'com.google.hydration': value('hydration', 'L'),
  'com.google.oxygen_saturation': value('oxygen_saturation', '%', { zeroIsNone: true }),
  'com.google.body.temperature': value('body_temperature', 'Cel', { zeroIsNone: true }),
  'com.google.blood_glucose': value('blood_glucose', 'mmol/L', { zeroIsNone: true }),
  'com.google.blood_pressure': { shape: 'blood-pressure' },
  'com.google.nutrition': { shape: 'nutrition' },
  'com.google.sleep.segment': { shape: 'sleep' },
  'com.google.activity.segment': { shape: 'activity' },
};

// Fit derives resting heart rate from the merged heart rate as a heart_rate.bpm stream of its own.
const RESTING = value('resting_heart_rate', '/min', { zeroIsNone: true });
const isResting = (source: DataSource) => /(?:^|_)resting_heart_rate/.test(source.stream);

/** How a stream's points are read; undefined for a type that has no metric here. */
export const shapeOf = (source: DataSource): PointShape | undefined =>
  source.dataType === 'com.google.heart_rate.bpm' && isResting(source)
    ? RESTING
    : POINT_TYPES[source.dataType];

/**
 * The streams that hold the same readings: every source of one type, whose merged stream stands for
 * all of them. Resting heart rate is a measurement of its own, however it is typed.
 */
export const streamGroup = (source: DataSource): string =>
  isResting(source) ? `${source.dataType}:resting` : source.dataType;

const NO_LOCATIONS = 'Locations are never stored: Healthfolio keeps no record of where you were';
const CYCLE = 'Healthfolio has no metrics for cycle tracking yet';

/** Why the All Data types not read are left out, where there is more to say than that no metric fits. */
const SKIPPED: Record<string, string> = {
  'com.google.location.sample': NO_LOCATIONS,
  'com.google.location.bounding_box': NO_LOCATIONS,
  'com.google.step_count.cumulative':
    "a phone's running total of steps; the same steps are read from com.google.step_count.delta",
  'com.google.step_count.cadence': 'Healthfolio has no metric for step cadence yet',
  'com.google.cycling.pedaling.cumulative':
    'a running total of pedal turns; cadence is read from com.google.cycling.pedaling.cadence',
  'com.google.cycling.wheel_revolution.rpm':
    'wheel turns; the distance and speed they give are read from com.google.distance.delta and com.google.speed',
  'com.google.cycling.wheel_revolution.cumulative':
    'wheel turns; the distance and speed they give are read from com.google.distance.delta and com.google.speed',
  'com.google.activity.samples': "activity recognition's guesses of what you were doing, not measurements",
  'com.google.activity.exercise': 'Healthfolio has no metric for sets and repetitions yet',
  'com.google.menstruation': CYCLE,
  'com.google.cervical_mucus': CYCLE,
  'com.google.cervical_position': CYCLE,
  'com.google.ovulation_test': CYCLE,
  'com.google.vaginal_spotting': CYCLE,
};

/** Why a type is not read. */
export const skipReason = (dataType: string): string =>
  SKIPPED[dataType] ?? 'Healthfolio has no metric for it yet';
