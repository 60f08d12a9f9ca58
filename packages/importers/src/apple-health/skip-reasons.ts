/**
 * Why a reading is read and not kept, in words for the import's warnings ("Skipped 4,210 records of
 * HKQuantityTypeIdentifierAppleWalkingSteadiness: Healthfolio has no metric for it yet").
 * HealthKit's identifiers: HKTypeIdentifiers.h of the iOS 18 SDK.
 */

const Q = 'HKQuantityTypeIdentifier';
const C = 'HKCategoryTypeIdentifier';

export const NO_METRIC = 'Healthfolio has no metric for it yet';

const NUTRIENT =
  'a nutrient from a food log: Healthfolio keeps energy, protein, carbohydrates, fat and water for now ' +
  '(and never files an intake as a blood level)';
const ALERT =
  'a notification the watch or phone showed, not a measurement: the readings behind it are imported';
const SYMPTOM = 'a logged symptom: Healthfolio has no symptom journal yet';
const CYCLE = 'cycle tracking: Healthfolio has no cycle log yet';
const WORKOUT_SENSOR =
  'a sensor reading taken during workouts: Healthfolio keeps each workout with its totals, not these readings, yet';

const alerts = [
  'HighHeartRateEvent',
  'LowHeartRateEvent',
  'IrregularHeartRhythmEvent',
  'LowCardioFitnessEvent',
  'AudioExposureEvent',
  'EnvironmentalAudioExposureEvent',
  'HeadphoneAudioExposureEvent',
  'AppleWalkingSteadinessEvent',
  'SleepApneaEvent',
];

const symptoms = [
  'AbdominalCramps', 'Acne', 'AppetiteChanges', 'BladderIncontinence', 'Bloating', 'BreastPain',
  'ChestTightnessOrPain', 'Chills', 'Constipation', 'Coughing', 'Diarrhea', 'Dizziness', 'DrySkin',
  'Fainting', 'Fatigue', 'Fever', 'GeneralizedBodyAche', 'HairLoss', 'Headache', 'Heartburn', 'HotFlashes',
  'LossOfSmell', 'LossOfTaste', 'LowerBackPain', 'MemoryLapse', 'MoodChanges', 'Nausea', 'NightSweats',
  'PelvicPain', 'RapidPoundingOrFlutteringHeartbeat', 'RunnyNose', 'ShortnessOfBreath', 'SinusCongestion',
  'SkippedHeartbeat', 'SleepChanges', 'SoreThroat', 'VaginalDryness', 'Vomiting', 'Wheezing',
]; // prettier-ignore

const cycle = [
  'MenstrualFlow', 'IntermenstrualBleeding', 'CervicalMucusQuality', 'OvulationTestResult', 'SexualActivity',
  'Contraceptive', 'Lactation', 'Pregnancy', 'PregnancyTestResult', 'ProgesteroneTestResult',
  'InfrequentMenstrualCycles', 'IrregularMenstrualCycles', 'PersistentIntermenstrualBleeding',
  'ProlongedMenstrualPeriods', 'BleedingAfterPregnancy', 'BleedingDuringPregnancy',
]; // prettier-ignore

const workoutSensors = [
  'RunningStrideLength', 'RunningVerticalOscillation', 'RunningGroundContactTime', 'CyclingFunctionalThresholdPower',
  'SwimmingStrokeCount', 'UnderwaterDepth', 'WaterTemperature', 'PhysicalEffort', 'WorkoutEffortScore',
  'EstimatedWorkoutEffortScore',
]; // prettier-ignore

const reasons = new Map<string, string>([
  ...alerts.map((name): [string, string] => [`${C}${name}`, ALERT]),
  ...symptoms.map((name): [string, string] => [`${C}${name}`, SYMPTOM]),
  ...cycle.map((name): [string, string] => [`${C}${name}`, CYCLE]),
  ...workoutSensors.map((name): [string, string] => [`${Q}${name}`, WORKOUT_SENSOR]),
  [
    `${Q}SixMinuteWalkTestDistance`,
    `an estimate of a six-minute walk test, not distance walked: ${NO_METRIC}`,
  ],
  ['HKDataTypeSleepDurationGoal', 'a sleep goal the user set, not a measurement'],
]);

/** Why records of a type no mapping covers are skipped. */
export function skipReason(type: string): string {
  const known = reasons.get(type);
  if (known) return known;
  if (type.startsWith(`${Q}Dietary`)) return NUTRIENT;
  return NO_METRIC;
}

/** Elements that are readings of their own and that no sample is made of, with why. */
export const ELEMENT_REASONS = {
  ActivitySummary: 'daily totals of the Activity rings that repeat the records (energy, exercise, stand)',
  Audiogram: 'a hearing test: Healthfolio has no place for audiograms yet',
  ClinicalRecord:
    'a health record from a provider, kept as FHIR in clinical-records/ beside export.xml: import those files as FHIR',
  VisionPrescription: 'a glasses or contact-lens prescription: Healthfolio has no place for it yet',
  InstantaneousBeatsPerMinute:
    'a beat of the heart-rate-variability reading, timed by the clock alone (no date) in the phone’s locale; ' +
    'the HRV value itself is imported',
  WorkoutEvent: 'a pause, lap or segment marker of a workout: the workout is imported whole',
  WorkoutActivity: 'one part of a workout (a triathlon’s swim, ride or run): the workout is imported whole',
  WorkoutRoute: 'the GPS route of a workout, kept in workout-routes/*.gpx, which is not read',
} as const;

export type SkippedElement = keyof typeof ELEMENT_REASONS;

/** An element no export this importer was built from holds: a later iOS's, most likely. */
export const UNKNOWN_ELEMENT = 'an element this importer does not know (from a newer export?): not read';

/** The second copy of a reading HealthKit writes both inside a Correlation and on its own. */
export const CORRELATION_COPY =
  'HealthKit writes each reading of a blood-pressure or food Correlation twice (inside it and on its own): kept once';
