import type { ImportFile } from '../types';
import { fhirLayout } from './fhir-file';

/** Heads looked at before giving up: a FHIR zip shows a resource file among its first entries. */
const MAX_PROBES = 25;

/**
 * Sure when a JSON file opens with a known FHIR resource type, or an NDJSON file's first line is a
 * resource. Other JSON exports (Oura, Whoop, Fitbit) carry no `resourceType`. An Apple Health export
 * also holds FHIR files (its clinical-records folder) but is the Apple importer's, so it scores 0.
 */
export async function detectFhir(files: readonly ImportFile[]): Promise<number> {
  if (await isAppleHealthExport(files)) return 0;
  const likely = [...files].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_PROBES);
  for (const file of likely) {
    if (await fhirLayout(file)) return 0.95;
  }
  return 0;
}

/** JSON-named entries first: names only order the probing, content decides. */
function rank(file: ImportFile): number {
  return /\.(ndjson|json|jsonl)$/i.test(file.name) ? 0 : 1;
}

async function isAppleHealthExport(files: readonly ImportFile[]): Promise<boolean> {
  for (const file of files) {
    if (!/\.xml$/i.test(file.name)) continue;
    if ((await file.head()).toString('utf8').includes('<HealthData')) return true;
  }
  return false;
}
