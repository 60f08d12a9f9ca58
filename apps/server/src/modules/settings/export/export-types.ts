import type { UserProfile } from '@healthfolio/core';

export type ExportRow = Record<string, string | number | boolean | null>;

/**
 * One part of a user's export, read in pages so millions of rows stream through constant memory.
 * A module that stores user data adds its section in `exportSections` — samples, insights and sources
 * are listed already and fill in as their tables arrive.
 */
export interface ExportSection {
  /** Key in the JSON export; `<name>.csv` in the zip. */
  name: string;
  /** CSV columns, in order. */
  columns: string[];
  rows(): AsyncIterable<ExportRow>;
  /** False for a section the zip of CSVs shows another way (the settings: settings.csv, one per line). */
  csv?: false;
  /** A FHIR resource for the row (samples → Observation); sections without it stay out of the Bundle. */
  toFhir?(row: ExportRow, patientRef: string): Record<string, unknown>;
}

export interface ExportContent {
  profile: UserProfile;
  sections: ExportSection[];
}
