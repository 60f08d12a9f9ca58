import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { jsonRecords } from '../shared/json-records';
import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { Buckets } from './buckets';
import { classify, csvValueColumn, isProfile, type FitbitEntry } from './entries';
import { sleepSamples, weightSamples, type Result } from './map-logs';
import {
  EMPTY_SLICE,
  NO_ESTIMATE,
  SERIES,
  csvReading,
  isSeries,
  jsonReading,
  restingSample,
  sliceSample,
  type Reading,
} from './map-series';
import { unitFromProfile, type WeightUnit } from './weight-unit';

/**
 * Reads every Fitbit file of the upload, in entry-name order so every run yields the same chunks. Every
 * reading is accounted for: a slice of a minute series, a resting heart rate, a sleep log and each value of
 * a weigh-in is a sample, an issue or skipped (a slice of 0, a day without an estimate, a sleep log's other
 * figures); a minute record that cannot be read is one issue. Files of types we do not read are not opened.
 */
export async function* readFitbit(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const entries: FitbitEntry[] = [];
  let profileUnit: WeightUnit | undefined;
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (await isProfile(file)) profileUnit ??= await weightUnitOf(file);
    const entry = await classify(file);
    if (entry) entries.push(entry);
  }
  const out = new ChunkBuffer();
  for (const entry of entries) {
    if (context.signal?.aborted) return;
    yield* readEntry(entry, context, profileUnit, out);
  }
  yield* out.chunks(true);
}

async function weightUnitOf(file: ImportFile): Promise<WeightUnit | undefined> {
  for await (const row of readCsv(file)) return unitFromProfile(row.cells.weight_unit);
  return undefined;
}

async function* readEntry(
  entry: FitbitEntry,
  context: ImportContext,
  profileUnit: WeightUnit | undefined,
  out: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  const zone = context.timeZone;
  const { file, type, format } = entry;
  const buckets = isSeries(type) ? new Buckets(SERIES[type].sliceMs, zone) : undefined;
  // A slice is one reading: the minutes summed (or averaged) into it are not counted one by one.
  const flushBuckets = () => {
    if (!buckets || !isSeries(type)) return;
    for (const bucket of buckets.drain()) {
      const sample = sliceSample(type, format, bucket, zone);
      if (!sample) out.skip(type, EMPTY_SLICE);
      else {
        out.record();
        out.add(sample);
      }
    }
  };
  let record = 0;
  try {
    for await (const { item, line } of records(entry)) {
      if (context.signal?.aborted) return;
      const where = line === undefined ? { file: file.name, record } : { file: file.name, line };
      record++;
      if (buckets && isSeries(type)) {
        const reading: Reading =
          format === 'json'
            ? jsonReading(item, type, zone)
            : csvReading(item as Record<string, string>, csvValueColumn(type), zone);
        if ('problem' in reading) {
          out.record();
          out.issue({ ...where, message: reading.problem });
        } else buckets.add(reading.ms, reading.value);
        continue;
      }
      const result = mapRecord(entry, item, zone, profileUnit);
      if (!result) {
        out.skip(type, NO_ESTIMATE);
        continue;
      }
      if ('problem' in result) {
        out.record();
        out.issue({ ...where, message: result.problem });
        continue;
      }
      out.record(result.samples.length);
      for (const sample of result.samples) out.add(sample);
      for (const skipped of result.skipped ?? []) out.skip(skipped.type, skipped.reason);
      if (result.warning) out.warnOnce(result.warning);
      if (out.full) yield* out.chunks();
    }
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    flushBuckets();
    yield* out.chunks(true);
    throw new ImportFormatError(
      `${file.name} is damaged after record ${record}: ${(error as Error).message}`,
      { file: file.name, record },
    );
  }
  flushBuckets();
  yield* out.chunks();
}

/** A log or a day's resting heart rate; undefined for a resting heart rate of 0 (no estimate). */
function mapRecord(
  entry: FitbitEntry,
  item: unknown,
  zone: string,
  profileUnit: WeightUnit | undefined,
): Result | undefined {
  switch (entry.type) {
    case 'sleep':
      return sleepSamples(item, zone);
    case 'weight':
      return weightSamples(item, zone, profileUnit);
    case 'resting_heart_rate': {
      if (entry.format === 'csv') {
        const cells = item as Record<string, string>;
        const sample = restingSample(cells.timestamp, cells['beats per minute'], zone);
        return sample && ('problem' in sample ? sample : { samples: [sample] });
      }
      const value = (item as { value?: { date?: unknown; value?: unknown } } | null)?.value;
      const sample = restingSample(
        value?.date ?? (item as { dateTime?: unknown } | null)?.dateTime,
        value?.value,
        zone,
      );
      return sample && ('problem' in sample ? sample : { samples: [sample] });
    }
    default:
      return undefined;
  }
}

async function* records(entry: FitbitEntry): AsyncGenerator<{ item: unknown; line?: number }> {
  if (entry.format === 'csv') {
    for await (const row of readCsv(entry.file)) {
      const cells = Object.fromEntries(Object.entries(row.cells).map(([k, v]) => [k.toLowerCase(), v]));
      yield { item: cells, line: row.line };
    }
    return;
  }
  for await (const { value } of jsonRecords(entry.file, { array: 'top' })) yield { item: value };
}
