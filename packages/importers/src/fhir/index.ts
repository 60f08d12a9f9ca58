import type { Importer } from '../types';
import { detectFhir } from './detect';
import { readFhir } from './read';

export const fhirImporter = {
  format: 'fhir',
  label: 'FHIR R4 (Bundle JSON or NDJSON bulk export: Epic, Cerner, VA, Medicare Blue Button, any EHR)',
  detect: detectFhir,
  read: readFhir,
} satisfies Importer;
