// Over 300 lines: the catalogue of every SPEC §3 source kind, one entry of data each, and its look-ups.

/** SPEC §3's data-source kinds. */
export const sourceKinds = [
  'fitness_tracker',
  'nutrition_app',
  'health_platform',
  'medical_device',
  'sleep_tracker',
  'mental_health',
  'pdf_upload',
  'report_builder',
  'apple_healthkit',
  'google_health_connect',
  'garmin',
  'strava',
  'quest_diagnostics',
  'whoop',
  'oura',
  'dexcom',
  'freestyle_libre',
  'bodyspec',
  'labcorp',
  'va',
  'medicare',
  'myfitnesspal',
  'eight_sleep',
  'fitbit',
  'peloton',
  'withings',
  'epic',
  'cerner',
  'ehr',
  'generic_lab_report',
] as const;
export type SourceKind = (typeof sourceKinds)[number];

export const sourceCategories = [
  'wearable',
  'glucose',
  'lab',
  'clinical',
  'nutrition',
  'platform',
  'other',
] as const;
export type SourceCategory = (typeof sourceCategories)[number];

/** DESIGN "Sources": how a source connects. */
export const connectMethods = ['oauth', 'credentials', 'upload', 'url', 'device'] as const;
export type ConnectMethod = (typeof connectMethods)[number];

/** One row of the source catalogue. */
export interface SourceDefinition {
  kind: SourceKind;
  name: string;
  category: SourceCategory;
  connectMethod: ConnectMethod;
  /** What it brings, as people say it. */
  brings: string;
  /** Canonical metric kinds it writes. */
  metrics: readonly string[];
  /** The export a person can import instead of connecting ("Oura CSV or JSON export"). */
  fileFallback: string | null;
}

const wearableVitals = ['heart_rate', 'resting_heart_rate', 'steps', 'sleep_duration'] as const;

/** Every SPEC §3 source kind: name, category, how it connects, and what it brings. */
export const sourceCatalogue: readonly SourceDefinition[] = [
  {
    kind: 'oura',
    name: 'Oura',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Sleep, readiness, activity, heart rate and SpO2 from the Oura ring',
    metrics: [...wearableVitals, 'oxygen_saturation', 'active_calories_burned', 'body_temperature'],
    fileFallback: 'Oura CSV or JSON export (Membership Hub → Export data)',
  },
  {
    kind: 'garmin',
    name: 'Garmin',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Daily summaries, sleep, body composition and activities from Garmin Connect',
    metrics: [...wearableVitals, 'distance', 'active_calories_burned', 'weight', 'body_fat', 'stress_level'],
    fileFallback: 'Garmin FIT files (activities, monitoring, sleep, HRV, weight)',
  },
  {
    kind: 'whoop',
    name: 'WHOOP',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Recovery, sleep, strain cycles and workouts',
    metrics: [...wearableVitals, 'respiratory_rate', 'oxygen_saturation', 'calories'],
    fileFallback: 'WHOOP CSV export (App → Settings → Data export)',
  },
  {
    kind: 'fitbit',
    name: 'Fitbit',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Steps, heart rate, sleep and weight through the Google Health API',
    metrics: [...wearableVitals, 'weight', 'distance'],
    fileFallback: 'Fitbit data from Google Takeout',
  },
  {
    kind: 'withings',
    name: 'Withings',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Weight and body composition, blood pressure and sleep',
    metrics: [
      'weight',
      'body_fat',
      'muscle_mass',
      'bone_mass',
      'blood_pressure',
      'heart_rate',
      'sleep_duration',
    ],
    fileFallback: 'Withings CSV export (Health Mate → Download my data)',
  },
  {
    kind: 'strava',
    name: 'Strava',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Activities with distance, time, heart rate and calories',
    metrics: ['distance', 'exercise_minutes', 'active_calories_burned', 'heart_rate'],
    fileFallback: 'Strava bulk export (activities.csv, GPX/TCX files)',
  },
  {
    kind: 'peloton',
    name: 'Peloton',
    category: 'wearable',
    connectMethod: 'credentials',
    brings: 'Workouts with output, heart rate and calories',
    metrics: ['exercise_minutes', 'active_calories_burned', 'heart_rate', 'distance'],
    fileFallback: 'Peloton workouts CSV (Profile → Workouts → Download)',
  },
  {
    kind: 'eight_sleep',
    name: 'Eight Sleep',
    category: 'wearable',
    connectMethod: 'credentials',
    brings: 'Sleep sessions, heart rate and respiratory rate from the Pod',
    metrics: ['sleep_duration', 'heart_rate', 'respiratory_rate'],
    fileFallback: 'Eight Sleep JSON export',
  },
  {
    kind: 'dexcom',
    name: 'Dexcom',
    category: 'glucose',
    connectMethod: 'oauth',
    brings: 'Continuous glucose readings (EGVs) every 5 minutes',
    metrics: ['blood_glucose'],
    fileFallback: 'Dexcom Clarity CSV export',
  },
  {
    kind: 'freestyle_libre',
    name: 'FreeStyle Libre',
    category: 'glucose',
    connectMethod: 'credentials',
    brings: 'Glucose readings through a LibreLinkUp follower account',
    metrics: ['blood_glucose'],
    fileFallback: 'LibreView CSV export',
  },
  {
    kind: 'quest_diagnostics',
    name: 'Quest Diagnostics',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab results from Quest PDF reports',
    metrics: ['blood_glucose', 'hemoglobin_a1c', 'ldl_cholesterol', 'hdl_cholesterol'],
    fileFallback: 'Quest lab report PDF (MyQuest → Results → Download)',
  },
  {
    kind: 'labcorp',
    name: 'Labcorp',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab results from Labcorp PDF reports',
    metrics: ['blood_glucose', 'hemoglobin_a1c', 'ldl_cholesterol', 'hdl_cholesterol'],
    fileFallback: 'Labcorp lab report PDF (Labcorp Patient → Results → Download)',
  },
  {
    kind: 'generic_lab_report',
    name: 'Other lab report',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab results from any lab PDF',
    metrics: ['custom'],
    fileFallback: 'Any lab report PDF',
  },
  {
    kind: 'pdf_upload',
    name: 'PDF upload',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab and DEXA reports read from PDFs',
    metrics: ['custom'],
    fileFallback: 'Lab or DEXA report PDF',
  },
  {
    kind: 'bodyspec',
    name: 'BodySpec',
    category: 'lab',
    connectMethod: 'url',
    brings: 'DEXA body composition: fat, lean and bone mass, VAT, regional results',
    metrics: ['body_fat', 'fat_mass', 'lean_mass', 'bone_mass', 'vat_mass', 'android_gynoid_ratio'],
    fileFallback: 'BodySpec DEXA report PDF',
  },
  {
    kind: 'epic',
    name: 'Epic (MyChart)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Labs, vitals, conditions, procedures and medications from Epic health systems',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'FHIR R4 export (Bundle or NDJSON)',
  },
  {
    kind: 'cerner',
    name: 'Oracle Health (Cerner)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Labs, vitals, conditions and procedures from Oracle Health systems',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'FHIR R4 export (Bundle or NDJSON)',
  },
  {
    kind: 'ehr',
    name: 'Other health record (SMART on FHIR)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Clinical records from any SMART on FHIR endpoint',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'FHIR R4 export (Bundle or NDJSON)',
  },
  {
    kind: 'va',
    name: 'VA health records',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Labs, vitals and conditions from the VA Lighthouse Patient Health API',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'VA Blue Button FHIR export',
  },
  {
    kind: 'medicare',
    name: 'Medicare (Blue Button 2.0)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Coverage, claims, diagnoses and procedures',
    metrics: ['insurance_coverage', 'diagnosis', 'procedure', 'medical_service'],
    fileFallback: 'Blue Button FHIR export',
  },
  {
    kind: 'myfitnesspal',
    name: 'MyFitnessPal',
    category: 'nutrition',
    connectMethod: 'upload',
    brings: 'Calories and macronutrients from your food diary',
    metrics: ['nutrition_calories', 'nutrition_protein', 'nutrition_carbs', 'nutrition_fat'],
    fileFallback: 'MyFitnessPal CSV export (Settings → Export data)',
  },
  {
    kind: 'nutrition_app',
    name: 'Other nutrition app',
    category: 'nutrition',
    connectMethod: 'upload',
    brings: 'Meals and macronutrients by file import or manual entry',
    metrics: ['nutrition_calories'],
    fileFallback: 'CSV export',
  },
  {
    kind: 'apple_healthkit',
    name: 'Apple Health',
    category: 'platform',
    connectMethod: 'device',
    brings: 'Everything your iPhone and Apple Watch record',
    metrics: [...wearableVitals, 'weight', 'blood_pressure', 'blood_glucose'],
    fileFallback: 'Apple Health export (export.zip)',
  },
  {
    kind: 'google_health_connect',
    name: 'Health Connect',
    category: 'platform',
    connectMethod: 'device',
    brings: 'What Android apps write to Health Connect',
    metrics: [...wearableVitals, 'weight'],
    fileFallback: 'Google Fit data from Google Takeout',
  },
  {
    kind: 'health_platform',
    name: 'Other health platform',
    category: 'platform',
    connectMethod: 'upload',
    brings: 'Data from another platform by file import or manual entry',
    metrics: [],
    fileFallback: 'CSV or JSON export',
  },
  {
    kind: 'report_builder',
    name: 'Report builder feed',
    category: 'platform',
    connectMethod: 'url',
    brings: 'A JSON or FHIR feed pulled on a schedule from an endpoint you configure',
    metrics: [],
    fileFallback: null,
  },
  {
    kind: 'fitness_tracker',
    name: 'Other fitness tracker',
    category: 'wearable',
    connectMethod: 'upload',
    brings: 'Activity and heart rate by file import or manual entry',
    metrics: ['steps', 'heart_rate'],
    fileFallback: 'CSV or JSON export',
  },
  {
    kind: 'sleep_tracker',
    name: 'Other sleep tracker',
    category: 'wearable',
    connectMethod: 'upload',
    brings: 'Sleep by file import or manual entry',
    metrics: ['sleep_duration'],
    fileFallback: 'CSV or JSON export',
  },
  {
    kind: 'medical_device',
    name: 'Other medical device',
    category: 'other',
    connectMethod: 'upload',
    brings: 'Readings of a blood-pressure cuff, scale or meter by file import or manual entry',
    metrics: ['blood_pressure', 'weight', 'blood_glucose'],
    fileFallback: 'CSV export',
  },
  {
    kind: 'mental_health',
    name: 'Mental health app',
    category: 'other',
    connectMethod: 'upload',
    brings: 'Mood and stress by file import or manual entry',
    metrics: ['stress_level'],
    fileFallback: 'CSV export',
  },
];

const byKind = new Map(sourceCatalogue.map((s) => [s.kind, s]));

export function getSource(kind: string): SourceDefinition | undefined {
  return byKind.get(kind as SourceKind);
}

/** The names SPEC's `/integrations/<name>/…` routes use where they differ from the kind. */
const routeNames: Readonly<Record<string, SourceKind>> = {
  healthkit: 'apple_healthkit',
  'google-health': 'google_health_connect',
  libre: 'freestyle_libre',
  quest: 'quest_diagnostics',
  'eight-sleep': 'eight_sleep',
  'lab-report': 'generic_lab_report',
  'report-builder': 'report_builder',
};

/** The kind an `/integrations/<name>` route means: "healthkit" → apple_healthkit; kinds answer themselves. */
export function sourceKindOf(name: string): string {
  return Object.hasOwn(routeNames, name) ? routeNames[name]! : name;
}
