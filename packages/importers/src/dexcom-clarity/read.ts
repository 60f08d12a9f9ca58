import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { ownerMismatchWarning } from '../shared/owner-name';
import type { ImportChunk, ImportContext, ImportFile } from '../types';
import { clarityFiles, TIMESTAMP_COLUMN, type GlucoseUnit } from './detect';
import { mapEgv, skippedEvent } from './map';

/**
 * Reads every Clarity export of the upload. Only EGV rows become samples; every other timed event
 * (Calibration, Insulin, Carbs, Exercise, Health, Alert …) is a reading skipped with why (`skippedEvent`).
 * The untimed preamble (names, devices, alert settings) holds no readings.
 */
export async function* readClarity(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const chunk = new ChunkBuffer();
  for (const { file, unit } of await clarityFiles(files)) {
    if (context.signal?.aborted) return;
    yield* readFile(file, unit, context, chunk);
  }
  if (chunk.pending) yield chunk.take();
}

async function* readFile(
  file: ImportFile,
  unit: GlucoseUnit,
  context: ImportContext,
  chunk: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  const patient = { first: '', last: '' };
  const deviceNames = new Map<string, string>();
  let ownerChecked = false;
  const checkOwner = () => {
    ownerChecked = true;
    const name = `${patient.first} ${patient.last}`.trim();
    const warning = ownerMismatchWarning(name, context.owner.name);
    if (warning) chunk.warn(warning);
  };

  try {
    for await (const { cells, line } of readCsv(file, { formatError: true })) {
      if (context.signal?.aborted) return;
      const type = cells['Event Type'] ?? '';
      if (type === 'FirstName') patient.first = cells['Patient Info'] ?? '';
      else if (type === 'LastName') patient.last = cells['Patient Info'] ?? '';
      else if (type === 'Device' && cells['Source Device ID']) {
        deviceNames.set(cells['Source Device ID'], cells['Device Info'] ?? '');
      } else if (type === 'EGV') {
        // The untimed preamble (names, devices, alert settings) is over once readings start.
        if (!ownerChecked) checkOwner();
        chunk.record();
        const mapped = mapEgv(cells, unit, context.timeZone, deviceNames);
        if ('sample' in mapped) chunk.add(mapped.sample);
        else chunk.issue({ message: mapped.problem, file: file.name, line });
      } else if (cells[TIMESTAMP_COLUMN]) {
        const skipped = skippedEvent(type);
        chunk.skip(skipped.type, skipped.reason);
      }
      if (chunk.full) yield chunk.take();
    }
  } catch (error) {
    if (chunk.pending) yield chunk.take();
    throw error;
  }
  if (!ownerChecked) checkOwner();
}
