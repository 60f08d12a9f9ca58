import { createInterface } from 'node:readline';
import type { ImportFile } from '../types';
import type { FileItem } from './file-items';
import { asResource } from './json-resources';
import { parseJson } from '../shared/safe-json';

/**
 * The resources of an NDJSON file (FHIR Bulk Data export: one resource a line). Lines stand alone, so
 * a line that is not JSON is one problem and the next line reads on.
 */
export async function* ndjsonResources(file: ImportFile): AsyncGenerator<FileItem> {
  const lines = createInterface({ input: file.open(), crlfDelay: Infinity });
  let line = 0;
  let record = 0;
  for await (const text of lines) {
    line += 1;
    const trimmed = line === 1 ? text.replace(/^\uFEFF/, '').trim() : text.trim();
    if (trimmed === '') continue;
    let value: unknown;
    try {
      value = parseJson(trimmed);
    } catch (error) {
      yield { problem: `Not JSON: ${(error as Error).message}`, file: file.name, line, record };
      record += 1;
      continue;
    }
    yield asResource(value, file.name, record, line);
    record += 1;
  }
}
