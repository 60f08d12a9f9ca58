import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type Importer,
} from '../types';
import { findExport } from './detect';
import { readExport } from './read';

async function* read(files: readonly ImportFile[], context: ImportContext): AsyncGenerator<ImportChunk> {
  const file = await findExport(files);
  if (!file) throw new ImportFormatError('The upload holds no Apple Health export.xml');
  yield* readExport(file, context);
}

export const appleHealthImporter = {
  format: 'apple-health',
  label: 'Apple Health export (export.zip or export.xml)',
  detect: async (files: readonly ImportFile[]) => ((await findExport(files)) ? 1 : 0),
  read,
} satisfies Importer;
