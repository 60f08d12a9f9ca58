import type { ImportFile } from '../types';
import type { FhirLayout } from './fhir-file';
import type { FoundResource } from '@healthfolio/fhir';
import type { FileItem } from './file-items';
import { asResource, jsonResources } from './json-resources';
import { ndjsonResources } from './ndjson-resources';

/** Bundles inside Bundles deeper than this are not opened (a searchset of collections is two deep). */
const MAX_NESTING = 4;

/**
 * Every resource of a file in file order. A Bundle met as a resource (an NDJSON line, an entry of a
 * collection) is already in memory, so its entries are opened in place.
 */
export async function* fileResources(file: ImportFile, layout: FhirLayout): AsyncGenerator<FileItem> {
  const items = layout === 'ndjson' ? ndjsonResources(file) : jsonResources(file);
  for await (const item of items) {
    if ('resource' in item && item.resource.resourceType === 'Bundle') yield* openBundle(item, 1);
    else yield item;
  }
}

function* openBundle(bundle: FoundResource, depth: number): Generator<FileItem> {
  const entries = Array.isArray(bundle.resource.entry) ? (bundle.resource.entry as unknown[]) : [];
  if (depth > MAX_NESTING) {
    const { file, record, line } = bundle;
    const problem = `A Bundle nested more than ${MAX_NESTING} deep: its ${entries.length} entries were not read`;
    yield line === undefined ? { problem, file, record } : { problem, file, record, line };
    return;
  }
  let part = 0;
  for (const entry of entries) {
    const value = (entry as { resource?: unknown } | null)?.resource;
    if (value === undefined) continue;
    const item = asResource(value, bundle.file, bundle.record, bundle.line);
    part += 1;
    if (!('resource' in item)) {
      yield item;
      continue;
    }
    const fullUrl = (entry as { fullUrl?: unknown }).fullUrl;
    const found: FoundResource = {
      ...item,
      part: bundle.part === undefined ? `${part}` : `${bundle.part}.${part}`,
    };
    if (typeof fullUrl === 'string') found.fullUrl = fullUrl;
    if (found.resource.resourceType === 'Bundle') yield* openBundle(found, depth + 1);
    else yield found;
  }
}
