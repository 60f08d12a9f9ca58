import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { guarded } from '../shared/guarded';
import type { ImportChunk, ImportContext, ImportFile } from '../types';
import { classify, weightUnitOf, type MfpFile } from './entries';
import { addMealRow, mealSamples, measurementSamples, workoutSample, type MealTotals } from './map';

const UNKNOWN_UNIT =
  'MyFitnessPal does not write the weight unit, and there was no Exercise-Summary file (whose Kilograms/Pounds column tells): weights were read as kg.';

/** Reads the three files of MyFitnessPal's export, in entry-name order. */
export async function* readMyFitnessPal(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const entries: { file: ImportFile; type: MfpFile }[] = [];
  let weightUnit: 'kg' | 'lb' | undefined;
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const type = await classify(file);
    if (!type) continue;
    entries.push({ file, type });
    if (type === 'exercise') weightUnit ??= await weightUnitOf(file);
  }
  const out = new ChunkBuffer();
  for (const { file, type } of entries) {
    if (context.signal?.aborted) return;
    if (type === 'nutrition') yield* guarded(file, out, () => readNutrition(file, context, out));
    else yield* guarded(file, out, () => readRows(file, type, weightUnit, context, out));
  }
  yield* out.chunks(true);
}

async function* readRows(
  file: ImportFile,
  type: 'exercise' | 'measurement',
  weightUnit: 'kg' | 'lb' | undefined,
  context: ImportContext,
  out: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  const seen = new Map<string, number>();
  for await (const { cells, line } of readCsv(file)) {
    if (context.signal?.aborted) return;
    const result =
      type === 'exercise'
        ? workoutSample(cells, context.timeZone, seen)
        : measurementSamples(cells, weightUnit ?? 'kg', context.timeZone);
    if ('problem' in result) {
      out.record();
      out.issue({ file: file.name, line, message: result.problem });
    } else {
      out.record(result.samples.length);
      out.add(...result.samples);
      for (const { type: what, reason } of result.skipped) out.skip(what, reason);
    }
    if (type === 'measurement' && !weightUnit && cells.Weight) out.warnOnce(UNKNOWN_UNIT);
    if (out.full) yield* out.chunks();
  }
}

/**
 * Rows are per meal, or per food entry in exports with a Time column, so they are summed per date and
 * meal first; the totals (a few per day) are small even for years of diary. The readings are the meal's:
 * each total, and each column it filled that we do not keep; a row refused is one issue.
 */
async function* readNutrition(
  file: ImportFile,
  context: ImportContext,
  out: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  const meals = new Map<string, MealTotals>();
  for await (const { cells, line } of readCsv(file)) {
    if (context.signal?.aborted) return;
    const problem = addMealRow(cells, meals, context.timeZone);
    if (problem) {
      out.record();
      out.issue({ file: file.name, line, message: problem });
    }
  }
  const ordered = [...meals.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const totals of ordered) {
    const samples = mealSamples(totals, context.timeZone);
    out.record(samples.length);
    out.add(...samples);
    for (const { type: what, reason } of totals.skipped.values()) out.skip(what, reason);
    if (out.full) yield* out.chunks();
  }
}
