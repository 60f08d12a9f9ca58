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
    out.record();
    const result =
      type === 'exercise'
        ? workoutSample(cells, context.timeZone, seen)
        : measurementSamples(cells, weightUnit ?? 'kg', context.timeZone);
    if (typeof result === 'string') out.issue({ file: file.name, line, message: result });
    else for (const sample of Array.isArray(result) ? result : result ? [result] : []) out.add(sample);
    if (type === 'measurement' && !weightUnit && cells.Weight) out.warnOnce(UNKNOWN_UNIT);
    if (out.full) yield* out.chunks();
  }
}

/**
 * Rows are per meal, or per food entry in exports with a Time column, so they are summed per date and
 * meal first; the totals (a few per day) are small even for years of diary.
 */
async function* readNutrition(
  file: ImportFile,
  context: ImportContext,
  out: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  const meals = new Map<string, MealTotals>();
  for await (const { cells, line } of readCsv(file)) {
    if (context.signal?.aborted) return;
    out.record();
    const problem = addMealRow(cells, meals, context.timeZone);
    if (problem) out.issue({ file: file.name, line, message: problem });
  }
  const ordered = [...meals.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const totals of ordered) {
    for (const sample of mealSamples(totals, context.timeZone)) out.add(sample);
    if (out.full) yield* out.chunks();
  }
}
