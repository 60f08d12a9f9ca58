import { ascii, bytesEqual } from './bytes';
import { ELEMENT_REASONS, type SkippedElement } from './skip-reasons';

/**
 * What the scanner does with an element it meets. `part-of-parent` elements belong to a reading read
 * (or skipped) whole — the header, metadata lists, an audiogram's points — and are passed over; an
 * element not listed at all is one this importer does not know, counted as a skipped reading by name.
 */
export type Role =
  | 'workout'
  | 'statistics'
  | 'correlation'
  | 'root'
  | 'metadata'
  | 'skipped'
  | 'skipped-part'
  | 'part-of-parent';

export interface Element {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly role: Role;
}

/** <Record> is looked for first, by the scanner itself: it is nearly every tag of an export. */
export const RECORD = ascii('Record');
export const WORKOUT = ascii('Workout');
export const CORRELATION = ascii('Correlation');
export const ROOT = ascii('HealthData');

/**
 * Readings of their own that no sample is made of. Those that stand alone count as record elements
 * (issue positions count them); parts of a Record or Workout count only as readings.
 */
const skipped: Record<SkippedElement, 'skipped' | 'skipped-part'> = {
  ActivitySummary: 'skipped',
  Audiogram: 'skipped',
  ClinicalRecord: 'skipped',
  VisionPrescription: 'skipped',
  InstantaneousBeatsPerMinute: 'skipped-part',
  WorkoutEvent: 'skipped-part',
  WorkoutActivity: 'skipped-part',
  WorkoutRoute: 'skipped-part',
};

const elements: Element[] = [
  element('Workout', 'workout'),
  element('WorkoutStatistics', 'statistics'),
  element('Correlation', 'correlation'),
  element('HealthData', 'root'),
  element('MetadataEntry', 'metadata'),
  ...(Object.keys(ELEMENT_REASONS) as SkippedElement[]).map((name) => element(name, skipped[name])),
  ...[
    'ExportDate',
    'Me',
    'HeartRateVariabilityMetadataList',
    'FileReference',
    'SensitivityPoint',
    'RightEye',
    'LeftEye',
    'Attachment',
  ].map((name) => element(name, 'part-of-parent')),
];

const MAX_NAME = 48;
const byLength: Element[][] = Array.from({ length: MAX_NAME }, () => []);
for (const e of elements) byLength[e.bytes.length]!.push(e);

/** The element named by buf[start, end), or undefined for one the scanner passes over. */
export function elementAt(buf: Buffer, start: number, end: number): Element | undefined {
  const length = end - start;
  if (length >= MAX_NAME) return undefined;
  for (const e of byLength[length]!) if (bytesEqual(buf, start, end, e.bytes)) return e;
  return undefined;
}

function element(name: string, role: Role): Element {
  return { name, bytes: ascii(name), role };
}
