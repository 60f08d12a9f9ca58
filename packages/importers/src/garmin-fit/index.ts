import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type Importer,
} from '../types';
import { ChunkBuffer } from '../shared/chunk-buffer';
import { fitDamageSentence } from '../shared/fit-damage';
import { decodeFit, isFitHead, readFitBytes } from '../shared/fit-decode';
import { detectFit } from './detect';
import { fileContext } from './file-context';
import { mapFit } from './map';

/**
 * Garmin FIT files, alone or as the entries of a zip (a Garmin or Strava export), decoded with the
 * official SDK. A damaged file is kept up to the damage; then the import stops, saying what happened
 * and how much of the file was imported.
 */
export const garminFitImporter = {
  format: 'garmin-fit',
  label: 'Garmin FIT file (activity, monitoring, sleep, HRV, weight)',
  detect: detectFit,
  read: readFit,
} satisfies Importer;

async function* readFit(files: readonly ImportFile[], context: ImportContext): AsyncGenerator<ImportChunk> {
  const out = new ChunkBuffer();
  for (const file of files) {
    if (context.signal?.aborted) return;
    if (!isFitHead(await file.head())) continue;
    const { messages, damage } = decodeFit(await readFitBytes(file));
    const readings = mapFit(messages, fileContext(file.name, messages, context));
    readings.moveTo(out);
    for (const chunk of out.chunks(true)) {
      yield chunk;
      if (context.signal?.aborted) return;
    }
    if (damage) {
      throw new ImportFormatError(fitDamageSentence(damage, readings.count), {
        file: file.name,
        byte: damage.byte,
      });
    }
  }
}
