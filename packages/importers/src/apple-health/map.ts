/**
 * Which HealthKit record types become which kinds. A type not listed here is counted and skipped with
 * the reason skip-reasons.ts gives for it (walking steadiness, symptoms, micronutrients …).
 */

/**
 * How a record's value becomes a sample's: `quantity` as written; `fraction` for HealthKit percentages,
 * which it stores as 0–1 under the unit "%"; `duration` for category records whose length is the
 * measurement; `category` for category records whose value decides the kind (see CategoryValue).
 */
export type Shape = 'quantity' | 'fraction' | 'duration' | 'category';

/** What one value of a category record becomes: a sample of `kind`, or skipped with `skip` as the reason. */
export type CategoryValue =
  | {
      kind: string;
      /** `minutes`: the record's length in minutes; a number: that value for every record. */
      value: 'minutes' | number;
      unit: string;
    }
  | { skip: string };

export interface RecordMapping {
  kind: string;
  shape: Shape;
  /**
   * HealthKit writes the members of a blood-pressure or food Correlation both inside it and as
   * top-level records; these kinds are checked against what was already written so each is stored once.
   */
  deduped: boolean;
  /** For `category`: what each value becomes, and what any other value does. */
  values?: ReadonlyMap<string, CategoryValue>;
  otherValue?: CategoryValue;
}

const Q = 'HKQuantityTypeIdentifier';
const C = 'HKCategoryTypeIdentifier';

const quantities: [type: string, kind: string, shape?: Shape][] = [
  [`${Q}StepCount`, 'steps'],
  // Every way of covering ground adds to one distance, as Apple's own distance totals do per activity.
  [`${Q}DistanceWalkingRunning`, 'distance'],
  [`${Q}DistanceCycling`, 'distance'],
  [`${Q}DistanceSwimming`, 'distance'],
  [`${Q}DistanceWheelchair`, 'distance'],
  [`${Q}DistanceDownhillSnowSports`, 'distance'],
  [`${Q}DistanceCrossCountrySkiing`, 'distance'],
  [`${Q}DistancePaddleSports`, 'distance'],
  [`${Q}DistanceRowing`, 'distance'],
  [`${Q}DistanceSkatingSports`, 'distance'],
  [`${Q}FlightsClimbed`, 'flights_climbed'],
  [`${Q}ActiveEnergyBurned`, 'active_calories_burned'],
  [`${Q}BasalEnergyBurned`, 'basal_calories_burned'],
  [`${Q}AppleExerciseTime`, 'exercise_minutes'],
  [`${Q}AppleStandTime`, 'stand_time'],
  [`${Q}TimeInDaylight`, 'time_in_daylight'],
  [`${Q}WalkingSpeed`, 'walking_speed'],
  [`${Q}WalkingStepLength`, 'walking_step_length'],
  [`${Q}WalkingAsymmetryPercentage`, 'walking_asymmetry', 'fraction'],
  [`${Q}WalkingDoubleSupportPercentage`, 'walking_double_support', 'fraction'],
  [`${Q}NumberOfTimesFallen`, 'falls'],
  // Sampled during workouts by the watch or paired sensors.
  [`${Q}RunningSpeed`, 'speed'],
  [`${Q}CyclingSpeed`, 'speed'],
  [`${Q}RowingSpeed`, 'speed'],
  [`${Q}PaddleSportsSpeed`, 'speed'],
  [`${Q}CrossCountrySkiingSpeed`, 'speed'],
  [`${Q}RunningPower`, 'power'],
  [`${Q}CyclingPower`, 'power'],
  [`${Q}CyclingCadence`, 'cycling_cadence'],
  [`${Q}HeartRate`, 'heart_rate'],
  [`${Q}RestingHeartRate`, 'resting_heart_rate'],
  [`${Q}WalkingHeartRateAverage`, 'walking_heart_rate'],
  [`${Q}HeartRateRecoveryOneMinute`, 'heart_rate_recovery'],
  [`${Q}HeartRateVariabilitySDNN`, 'heart_rate_variability'],
  [`${Q}VO2Max`, 'vo2_max'],
  [`${Q}OxygenSaturation`, 'oxygen_saturation', 'fraction'],
  [`${Q}RespiratoryRate`, 'respiratory_rate'],
  [`${Q}PeakExpiratoryFlowRate`, 'peak_expiratory_flow'],
  [`${Q}BloodPressureSystolic`, 'blood_pressure_systolic'],
  [`${Q}BloodPressureDiastolic`, 'blood_pressure_diastolic'],
  [`${Q}BloodGlucose`, 'blood_glucose'],
  [`${Q}BloodAlcoholContent`, 'blood_alcohol', 'fraction'],
  [`${Q}InsulinDelivery`, 'insulin_delivery'],
  [`${Q}BodyTemperature`, 'body_temperature'],
  [`${Q}BasalBodyTemperature`, 'basal_body_temperature'],
  [`${Q}AppleSleepingWristTemperature`, 'sleeping_wrist_temperature'],
  [`${Q}BodyMass`, 'weight'],
  [`${Q}Height`, 'height'],
  [`${Q}BodyFatPercentage`, 'body_fat', 'fraction'],
  [`${Q}LeanBodyMass`, 'lean_mass'],
  [`${Q}BodyMassIndex`, 'bmi'],
  [`${Q}WaistCircumference`, 'waist_circumference'],
  [`${Q}EnvironmentalAudioExposure`, 'environmental_audio_exposure'],
  [`${Q}HeadphoneAudioExposure`, 'headphone_audio_exposure'],
  [`${Q}UVExposure`, 'uv_exposure'],
  [`${Q}DietaryEnergyConsumed`, 'nutrition_calories'],
  [`${Q}DietaryProtein`, 'nutrition_protein'],
  [`${Q}DietaryCarbohydrates`, 'nutrition_carbs'],
  [`${Q}DietaryFatTotal`, 'nutrition_fat'],
  [`${Q}DietaryWater`, 'hydration'],
];

const SLEEP = 'HKCategoryValueSleepAnalysis';
const asleep: CategoryValue = { kind: 'sleep_duration', value: 'minutes', unit: 'min' };
const STAND = 'HKCategoryValueAppleStandHour';

const categories: [type: string, values: [value: string, becomes: CategoryValue][], other: string][] = [
  [
    `${C}SleepAnalysis`,
    [
      // `Asleep` is the only asleep value before iOS 16; AsleepUnspecified replaced it.
      ...['AsleepCore', 'AsleepDeep', 'AsleepREM', 'AsleepUnspecified', 'Asleep'].map(
        (stage): [string, CategoryValue] => [`${SLEEP}${stage}`, asleep],
      ),
      [`${SLEEP}InBed`, { kind: 'time_in_bed', value: 'minutes', unit: 'min' }],
      [
        `${SLEEP}Awake`,
        { skip: 'time awake in the night is not sleep (time in bed comes from the InBed records)' },
      ],
    ],
    'a sleep stage this importer does not know',
  ],
  [
    `${C}AppleStandHour`,
    [
      [`${STAND}Stood`, { kind: 'stand_hours', value: 1, unit: '{count}' }],
      // An hour without standing is a tracked hour too: it adds nothing to the day's stand hours.
      [`${STAND}Idle`, { kind: 'stand_hours', value: 0, unit: '{count}' }],
    ],
    'a stand-hour value this importer does not know',
  ],
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

export const recordMappings: ReadonlyMap<string, RecordMapping> = new Map([
  ...quantities.map(([type, kind, shape]): [string, RecordMapping] => [
    type,
    { kind, shape: shape ?? 'quantity', deduped: DEDUPED_KINDS.has(kind) },
  ]),
  [`${C}MindfulSession`, { kind: 'mindful_minutes', shape: 'duration', deduped: false }],
  ...categories.map(([type, values, other]): [string, RecordMapping] => [
    type,
    { kind: '', shape: 'category', deduped: false, values: new Map(values), otherValue: { skip: other } },
  ]),
]);

export const WORKOUT_TYPE_PREFIX = 'HKWorkoutActivityType';
