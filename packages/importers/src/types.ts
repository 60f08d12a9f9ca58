import type { Readable } from 'node:stream';
import type { ClinicalRecordInput, NewSample, SkippedType, WorkoutTrackInput } from '@healthfolio/core';

/**
 * One file of an upload: the uploaded file itself, or one entry of an uploaded zip. Importers read
 * files only through this, so the same importer reads `export.xml` alone or inside `export.zip`.
 */
export interface ImportFile {
  /** The entry's path inside a zip, or the uploaded file's name. A hint for picking files, never for detection alone. */
  readonly name: string;
  /** Uncompressed size in bytes. */
  readonly size: number;
  /** The first bytes (up to PROBE_BYTES, fewer for a smaller file), read once and remembered. */
  head(): Promise<Buffer>;
  /** The whole content as a fresh byte stream; may be called more than once. */
  open(): Readable;
}

/** Bytes of each file that detection looks at. */
export const PROBE_BYTES = 64 * 1024;

/** A record that could not be read or mapped: kept as data, never thrown (STYLE "problems as data"). */
export interface ImportIssue {
  message: string;
  file?: string;
  /** 1-based line in a text file, when known. */
  line?: number;
  /** 0-based record number within the file, when there are no lines to point at. */
  record?: number;
}

/**
 * Records read on purpose without a sample, of one type ("HKCategoryTypeIdentifierMindfulSession"), with
 * why: the shape the import API answers (`skippedTypes`), defined once in core.
 */
export type SkippedRecords = SkippedType;

/**
 * What an importer yields as it goes: the samples of the records read since the previous chunk.
 *
 * Every reading is accounted for: `records` counts readings — each sample yielded, each issue (a
 * reading refused) and each skipped reading counts one — so that, once written,
 * `records = inserted + updated + duplicates + rejected + skipped` (DESIGN "Sources").
 * A file record that holds several readings (a FIT record with heart rate and steps) counts as that many.
 */
export interface ImportChunk {
  samples: NewSample[];
  /** Readings read since the previous chunk (see above). */
  records: number;
  issues?: ImportIssue[];
  /** Readings read and deliberately not kept, by type; they count in `records` too. */
  skipped?: SkippedRecords[];
  /** Said once about the whole upload ("This record belongs to Jane Doe, not to you"). */
  warnings?: string[];
  /** Records for the clinical view (FHIR Conditions, medications …), upserted with the chunk's batch. */
  clinical?: ClinicalRecordInput[];
  /** Workout tracks (route, elevation, heart rate per point), written with the chunk's batch. */
  tracks?: WorkoutTrackInput[];
  /** A Healthfolio export being restored: the account's own records besides samples (healthfolio-export). */
  restore?: AccountRestore;
}

/**
 * What a Healthfolio export brings back besides samples and clinical records. Applied to the importing
 * account as it is read; restoring the same file again changes nothing (goals equal to one the account
 * has are not added twice).
 */
export interface AccountRestore {
  /** The settings groups as exported; the server validates them as a settings change. */
  settings?: Record<string, unknown>;
  goals?: RestoredGoal[];
  /** The kinds of source the person said they use (`/api/user/data-sources`). */
  dataSources?: string[];
}

export interface RestoredGoal {
  title: string;
  metric: string;
  /** In the metric's canonical unit, as stored. */
  target: number;
  direction: string;
  period: string;
  /** Local days as ISO dates ("2026-12-31"). */
  deadline: string | null;
  startValue: number | null;
  created: string;
}

/** About the account the upload is imported into. */
export interface ImportContext {
  owner: { name: string; email: string };
  /** IANA zone to read local times that carry no offset in (the user's profile zone). */
  timeZone: string;
  /** Aborted when the import is cancelled or the server shuts down; importers stop at the next record. */
  signal?: AbortSignal;
}

/** The file formats we read; the `kind` a user may name on upload. */
export type ImportFormat =
  | 'apple-health'
  | 'fhir'
  | 'garmin-fit'
  | 'dexcom-clarity'
  | 'libreview'
  | 'oura'
  | 'whoop'
  | 'fitbit'
  | 'withings'
  | 'myfitnesspal'
  | 'eight-sleep'
  | 'peloton'
  | 'strava'
  | 'google-fit'
  | 'health-auto-export'
  | 'healthfolio-export'
  | 'pdf-report';

/**
 * One file format. `detect` looks at content (heads, and entry names inside an archive) and answers how
 * sure it is; `read` streams the samples out in chunks, in the same order on every run, so the pipeline
 * can resume an interrupted import by skipping what it already wrote.
 */
export interface Importer {
  readonly format: ImportFormat;
  /** Shown to people: "Apple Health export (export.zip or export.xml)". */
  readonly label: string;
  /** 0 when the upload is not this format, up to 1 when certain. */
  detect(files: readonly ImportFile[]): Promise<number>;
  read(files: readonly ImportFile[], context: ImportContext): AsyncIterable<ImportChunk>;
}

/**
 * A format whose results a person reviews before anything is written (lab and DEXA report PDFs):
 * instead of streaming samples it extracts everything at once, for the review; the pipeline writes
 * the confirmed results itself.
 */
export interface ReviewImporter<Options = unknown, Extraction = unknown> {
  readonly format: ImportFormat;
  readonly label: string;
  readonly review: true;
  detect(files: readonly ImportFile[]): Promise<number>;
  extract(file: ImportFile, options: Options): Promise<Extraction>;
}

/** Either kind of importer, as the registry lists them. */
export type AnyImporter = Importer | ReviewImporter;

export const isReviewImporter = (importer: AnyImporter): importer is ReviewImporter =>
  'review' in importer && importer.review;

/** Thrown by `read` when the file is damaged past reading on; records read before it stay imported. */
export class ImportFormatError extends Error {
  constructor(
    message: string,
    readonly where?: { file?: string; line?: number; record?: number; byte?: number },
  ) {
    super(message);
    this.name = 'ImportFormatError';
  }
}
