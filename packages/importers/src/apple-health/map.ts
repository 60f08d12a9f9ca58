/**
 * Which HealthKit record types become which kinds. Types not listed here are counted and skipped:
 * an export holds dozens of types (stand hours, audio exposure, walking steadiness …) we do not keep.
 */

/**
 * How a record's value becomes a sample's: `quantity` as written; `fraction` for HealthKit percentages,
 * which it stores as 0–1 under the unit "%"; `asleep` and `duration` for category records whose
 * length is the measurement (sleep only for the asleep stages).
 */
export type Shape = 'quantity' | 'fraction' | 'asleep' | 'duration';

export interface RecordMapping {
  kind: string;
  shape: Shape;
  /**
   * HealthKit writes the members of a blood-pressure or food Correlation both inside it and as
   * top-level records; these kinds are checked against what was already written so each is stored once.
   */
  deduped: boolean;
}

const Q = 'HKQuantityTypeIdentifier';
const C = 'HKCategoryTypeIdentifier';

const table: [type: string, kind: string, shape?: Shape][] = [
  [`${Q}StepCount`, 'steps'],
  [`${Q}DistanceWalkingRunning`, 'distance'],
  [`${Q}DistanceCycling`, 'distance'],
  [`${Q}DistanceSwimming`, 'distance'],
  [`${Q}HeartRate`, 'heart_rate'],
  [`${Q}RestingHeartRate`, 'resting_heart_rate'],
  [`${Q}HeartRateVariabilitySDNN`, 'heart_rate_variability'],
  [`${Q}VO2Max`, 'vo2_max'],
  [`${Q}OxygenSaturation`, 'oxygen_saturation', 'fraction'],
  [`${Q}RespiratoryRate`, 'respiratory_rate'],
  [`${Q}BodyMass`, 'weight'],
  [`${Q}Height`, 'height'],
  [`${Q}BodyFatPercentage`, 'body_fat', 'fraction'],
  [`${Q}LeanBodyMass`, 'lean_mass'],
  [`${Q}BodyMassIndex`, 'bmi'],
  [`${Q}BloodPressureSystolic`, 'blood_pressure_systolic'],
  [`${Q}BloodPressureDiastolic`, 'blood_pressure_diastolic'],
  [`${Q}BloodGlucose`, 'blood_glucose'],
  [`${Q}BodyTemperature`, 'body_temperature'],
  [`${Q}DietaryEnergyConsumed`, 'nutrition_calories'],
  [`${Q}DietaryProtein`, 'nutrition_protein'],
  [`${Q}DietaryCarbohydrates`, 'nutrition_carbs'],
  [`${Q}DietaryFatTotal`, 'nutrition_fat'],
  [`${Q}DietaryWater`, 'hydration'],
  [`${Q}ActiveEnergyBurned`, 'active_calories_burned'],
  [`${Q}BasalEnergyBurned`, 'basal_calories_burned'],
  [`${Q}AppleExerciseTime`, 'exercise_minutes'],
  [`${C}SleepAnalysis`, 'sleep_duration', 'asleep'],
  [`${C}MindfulSession`, 'mindful_minutes', 'duration'],
];

const DEDUPED_KINDS = new Set([
  'blood_pressure_systolic',
  'blood_pressure_diastolic',
  'nutrition_calories',
  'nutrition_protein',
  'nutrition_carbs',
  'nutrition_fat',
  'hydration',
]);

export const recordMappings: ReadonlyMap<string, RecordMapping> = new Map(
  table.map(([type, kind, shape]) => [
    type,
    { kind, shape: shape ?? 'quantity', deduped: DEDUPED_KINDS.has(kind) },
  ]),
);

/** Sleep stages that are sleep; InBed and Awake are not. `Asleep` is the pre-iOS 16 value. */
export const ASLEEP_VALUES: ReadonlySet<string> = new Set(
  ['AsleepCore', 'AsleepDeep', 'AsleepREM', 'AsleepUnspecified', 'Asleep'].map(
    (stage) => `HKCategoryValueSleepAnalysis${stage}`,
  ),
);

export const WORKOUT_TYPE_PREFIX = 'HKWorkoutActivityType';
