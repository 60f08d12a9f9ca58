import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type Importer,
} from '../types';
import { decodeFit, isFitHead, readFitBytes } from '../shared/fit-decode';
import { detectFit } from './detect';
import { fileContext } from './file-context';
import { mapFit } from './map';

const CHUNK = 2000;

/**
 * Garmin FIT files, alone or as the entries of a zip (a Garmin or Strava export), decoded with the
 * official SDK. A damaged file is kept up to the damage; then the import stops with where it was.
 */
export const garminFitImporter = {
  format: 'garmin-fit',
  label: 'Garmin FIT file (activity, monitoring, sleep, HRV, weight)',
  detect: detectFit,
  read: readFit,
} satisfies Importer;

async function* readFit(files: readonly ImportFile[], context: ImportContext): AsyncGenerator<ImportChunk> {
  for (const file of files) {
    if (context.signal?.aborted) return;
    if (!isFitHead(await file.head())) continue;
    const { messages, damage } = decodeFit(await readFitBytes(file));
    const { samples, issues } = mapFit(messages, fileContext(file.name, messages, context));
    for (let i = 0; i < samples.length || i === 0; i += CHUNK) {
      const last = i + CHUNK >= samples.length;
      yield {
        samples: samples.slice(i, i + CHUNK),
        records: last ? messages.length : 0,
        ...(i === 0 && issues.length > 0 ? { issues } : {}),
      };
      if (context.signal?.aborted) return;
    }
    if (damage) {
      throw new ImportFormatError(`${file.name} is damaged: ${damage.message}`, {
        file: file.name,
        record: messages.length,
        byte: damage.byte,
      });
    }
  }
}
