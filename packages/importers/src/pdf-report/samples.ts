import type { NewSample, ReportResult, SampleMeta } from '@healthfolio/core';
import { localDay } from '../shared/local-day';
import { nameKey } from './labs/lab-kinds';
import { labUnit } from './labs/lab-units';
import { INTERPRETATION } from './labs/values';
import type { ReportSource } from './report';

export interface ResultsToSamplesOptions {
  source: ReportSource;
  importId: string;
  /** The uploaded PDF's name, kept as each sample's provenance. */
  fileName: string;
  /** The zone the report's days are read in (the user's); UTC when left out. */
  timeZone?: string;
}

/** "27.4%", "1,850", "105" are plain numbers; "<0.5" and "NEGATIVE" are not. */
const isPlain = (text: string, value: number | null) =>
  value !== null && Number(text.replace(/[,%\s]/g, '')) === value;

/**
 * The samples a confirmed report writes: one per result, at the start of its day (collection or scan) in
 * the user's zone, under its catalogue kind and printed unit (the store converts). A result that is only
 * text ("NEGATIVE") or whose kind is not in the catalogue is stored as `custom` with its printed name.
 * The origin is the lab and the test's name, so confirming the same report again adds nothing.
 */
export function resultsToSamples(
  results: readonly ReportResult[],
  options: ResultsToSamplesOptions,
): NewSample[] {
  const zone = options.timeZone ?? 'UTC';
  const samples: NewSample[] = [];
  for (const result of results) {
    const [year, month, day] = result.date.split('-').map(Number) as [number, number, number];
    const when = localDay(zone, year, month, day);
    if (!when) continue;
    const numeric = result.value !== null;
    const meta: SampleMeta = {
      name: result.name,
      provenance: {
        document: options.fileName,
        importId: options.importId,
        page: result.region.page,
        line: result.line,
      },
    };
    if (result.referenceRange) meta.referenceRange = result.referenceRange;
    if (!isPlain(result.valueText, result.value)) meta.valueText = result.valueText;
    if (result.lab) meta.lab = result.lab;
    if (options.source !== 'bodyspec') meta.specimenDate = result.date;
    if (result.loinc) meta.loinc = result.loinc;
    if (result.flag) meta.interpretation = INTERPRETATION[result.flag] ?? result.flag;
    const kind = numeric ? result.kind : 'custom';
    const sample: NewSample = {
      kind,
      start: when.start,
      value: result.value ?? 0,
      utcOffsetMin: when.offsetMin,
      tz: zone,
      source: options.source,
      device: null,
      originId: originOf(result),
      flag: result.flag,
      meta,
    };
    if (result.unit) keepUnit(sample, meta, result.unit, kind !== 'custom');
    samples.push(sample);
  }
  return samples;
}

/** The lab's and the test's names: the same test of the same report is the same sample. */
const originOf = (result: ReportResult) =>
  [result.lab, result.name]
    .filter(Boolean)
    .map((s) => nameKey(s!).replace(/ /g, '_'))
    .join(':');

/** A catalogue kind converts the unit itself; a custom sample keeps a unit only when the store reads it. */
function keepUnit(sample: NewSample, meta: SampleMeta, printed: string, known: boolean): void {
  const code = labUnit(printed);
  if (code !== undefined) {
    sample.unit = code;
    return;
  }
  if (known) {
    sample.unit = printed;
    return;
  }
  const text = meta.valueText ?? String(sample.value);
  meta.valueText = text.includes(printed) ? text : `${text} ${printed}`;
}
