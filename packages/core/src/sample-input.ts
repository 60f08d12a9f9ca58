/** A coded value (a diagnosis, a procedure, a coverage) from a terminology. */
export interface SampleCode {
  system?: string;
  code?: string;
  display: string;
}

/** Lab, clinical and provenance details kept with a sample (stored as JSON in `meta`). */
export interface SampleMeta {
  referenceRange?: { low?: number; high?: number; text?: string };
  /** The lab's or EHR's interpretation as sent (H, L, HH, LL, A, N …). */
  interpretation?: string;
  loinc?: string;
  lab?: string;
  /** ISO date the specimen was taken, when the lab reports it apart from the result. */
  specimenDate?: string;
  notes?: string;
  /** The value as printed when it was not a plain number ("<0.5", "NEGATIVE"); `value` then holds the bound. */
  valueText?: string;
  /** The original name of a result stored as `custom` or under an alias ("Lipase"). */
  name?: string;
  /** What a coded kind holds: the diagnosis, procedure or coverage. Required for coded kinds. */
  code?: SampleCode;
  /** Clinical status as sent (active, resolved, completed …). */
  status?: string;
  /** A workout's type and totals ("running", 10.2 km, 640 kcal). */
  workout?: { activity: string; distanceM?: number; energyKcal?: number; avgHeartRate?: number };
  /** Where the sample came from: file name, import id, provider record … */
  provenance?: Record<string, string | number | boolean | null>;
}

/** A sample as importers, connectors and manual entry hand it to the server's SampleStore. */
export interface NewSample {
  /** Canonical kind or any alias. */
  kind: string;
  /** Epoch milliseconds. */
  start: number;
  /** Epoch milliseconds; an instant reading when left out. */
  end?: number;
  /** The number; 1 for a coded kind (its meaning is `meta.code`). */
  value: number;
  /** The kind's canonical unit when left out; converted otherwise. */
  unit?: string;
  /** Offset the sample was recorded at (minutes east of UTC); from `tz` when left out, else 0. */
  utcOffsetMin?: number;
  tz?: string | null;
  source: string;
  device?: string | null;
  /** The provider's record id; the device when left out, so two devices of one source never collide. */
  originId?: string;
  /**
   * How the reading reached us, when not by its source's own API (sample-paths.ts): an imported file's
   * format, "push", "sandbox". The import pipeline and the ingest URL set it.
   */
  path?: string;
  flag?: string | null;
  meta?: SampleMeta | null;
}
