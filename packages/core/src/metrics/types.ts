/** Where a metric sits on the dashboard. */
export type MetricCategory =
  'activity' | 'vitals' | 'sleep' | 'body' | 'nutrition' | 'labs' | 'administrative' | 'custom';

/**
 * quantity: one number in a unit · duration: one number of time · pair: two linked quantities
 * (blood pressure) · coded: a code from a terminology (diagnosis), not a number.
 */
export type MetricValueType = 'quantity' | 'duration' | 'pair' | 'coded';

/** How daily rollups combine the samples of one local day. */
export type MetricAggregation = 'sum' | 'avg' | 'last';

export type UnitSystem = 'metric' | 'imperial';

/** One way of showing a canonical value to people. */
export interface DisplayUnit {
  /** UCUM code the canonical value is converted to before showing. */
  unit: string;
  /** Decimal places shown. */
  precision: number;
  /** Human label when the UCUM code alone reads badly for this kind ('bpm' for heart rate). */
  label?: string;
}

/**
 * A general adult reference interval, in the canonical unit. Bounds are inclusive unless marked
 * exclusive ("HbA1c below 5.7 %" is `{ high: 5.7, highExclusive: true }`). Labs send their own ranges
 * with results; this one is the fallback and the band drawn when none came with the data.
 */
export interface ReferenceRange {
  low?: number;
  high?: number;
  highExclusive?: boolean;
  /** Who sets the interval (ADA, NCEP ATP III, KDIGO …). */
  source: string;
}

/** A kind-specific conversion that UCUM cannot express, as `to = from × factor + offset`. */
export interface SpecialConversion {
  from: string;
  to: string;
  factor: number;
  offset: number;
  source: string;
}

/** Everything the app knows about one metric kind. */
export interface MetricDefinition<K extends string = string> {
  /** Canonical snake_case name; samples are stored under it. */
  kind: K;
  label: string;
  category: MetricCategory;
  /** Canonical UCUM unit; null for coded and custom kinds, which have no fixed unit. */
  unit: string | null;
  display?: { metric: DisplayUnit; imperial: DisplayUnit };
  valueType: MetricValueType;
  aggregation: MetricAggregation;
  loinc?: string;
  loincAliases?: readonly string[];
  referenceRange?: ReferenceRange;
  /** Values outside these bounds (canonical unit) are impossible and refused. */
  plausible?: { min: number; max: number };
  /** Other names accepted on input, resolved to `kind`. */
  aliases: readonly string[];
  /** For pairs: the kinds of the two components, in order. */
  components?: readonly [string, string];
  /** g/mol of the measured substance, for mass ↔ substance-amount conversions (mg/dL ↔ mmol/L). */
  molarMass?: number;
  /** Ionic charge, for mEq ↔ mmol conversions. */
  charge?: number;
  /** UCUM units that labs print for this kind and that mean exactly the canonical unit. */
  unitEquivalents?: readonly string[];
  specialConversions?: readonly SpecialConversion[];
}
