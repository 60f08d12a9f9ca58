import type { ImportFile, Importer, ImportFormat } from './types';

/** Every importer, one line each. A format is added by adding its folder and its line here. */
export const importers: readonly Importer[] = [];

/** Below this score an upload is not taken to be a format at all. */
const MIN_CONFIDENCE = 0.5;

export function getImporter(format: string): Importer | undefined {
  return importers.find((i) => i.format === format);
}

/** The importer most sure the upload is its format, by content; undefined when none is. */
export async function detectImporter(files: readonly ImportFile[]): Promise<Importer | undefined> {
  let best: { importer: Importer; score: number } | undefined;
  for (const importer of importers) {
    const score = await importer.detect(files);
    if (score >= MIN_CONFIDENCE && (!best || score > best.score)) best = { importer, score };
  }
  return best?.importer;
}

/** What the 415 answer lists. */
export const supportedFormats = (): { format: ImportFormat; label: string }[] =>
  importers.map(({ format, label }) => ({ format, label }));
