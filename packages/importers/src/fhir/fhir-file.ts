import type { ImportFile } from '../types';
import { parseJson } from '../shared/safe-json';

/** How a file holds its resources: one JSON document (Bundle, resource, array) or one resource a line. */
export type FhirLayout = 'json' | 'ndjson';

/**
 * Resource types that start a FHIR file in practice. A JSON file whose first `resourceType` is none of
 * these is not taken for FHIR, so other JSON that happens to use the word is left alone.
 */
const RESOURCE_TYPES = new Set([
  'Bundle',
  'Patient',
  'Observation',
  'DiagnosticReport',
  'Condition',
  'Procedure',
  'Coverage',
  'ExplanationOfBenefit',
  'Claim',
  'ClaimResponse',
  'Encounter',
  'MedicationRequest',
  'MedicationStatement',
  'MedicationAdministration',
  'MedicationDispense',
  'Medication',
  'Immunization',
  'AllergyIntolerance',
  'CarePlan',
  'CareTeam',
  'Goal',
  'DocumentReference',
  'Binary',
  'Device',
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Location',
  'Provenance',
  'ServiceRequest',
  'Specimen',
  'FamilyMemberHistory',
  'QuestionnaireResponse',
  'Questionnaire',
  'RelatedPerson',
  'Composition',
  'ImagingStudy',
  'List',
  'Appointment',
  'Communication',
  'ClinicalImpression',
  'RiskAssessment',
  'Consent',
  'Group',
  'OperationOutcome',
  'Parameters',
  'NutritionOrder',
  'DeviceRequest',
  'DeviceUseStatement',
  'EpisodeOfCare',
  'Flag',
  'Media',
  'MolecularSequence',
  'Person',
  'Schedule',
  'Slot',
  'Task',
]);

const RESOURCE_TYPE = /"resourceType"\s*:\s*"([A-Za-z]+)"/;

/** Whether a file is FHIR JSON, and how it is laid out, from its first bytes; undefined when it is not FHIR. */
export async function fhirLayout(file: ImportFile): Promise<FhirLayout | undefined> {
  return layoutOf((await file.head()).toString('utf8'));
}

export function layoutOf(head: string): FhirLayout | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  const firstType = RESOURCE_TYPE.exec(text)?.[1];
  if (firstType === undefined || !RESOURCE_TYPES.has(firstType)) return undefined;
  if (text.startsWith('[')) return 'json';
  const newline = text.indexOf('\n');
  if (newline < 0) return 'json';
  // A first line that is a whole resource on its own makes NDJSON; a pretty-printed document's is "{".
  const firstLine = text.slice(0, newline).trim();
  try {
    const value: unknown = parseJson(firstLine);
    const type = (value as { resourceType?: unknown } | null)?.resourceType;
    if (typeof type === 'string' && type !== 'Bundle') return 'ndjson';
  } catch {
    // not a complete line: a document spread over lines
  }
  return 'json';
}

/** The upload's FHIR files in a stable order (by name), each with its layout. */
export async function fhirFiles(
  files: readonly ImportFile[],
): Promise<{ file: ImportFile; layout: FhirLayout }[]> {
  const found: { file: ImportFile; layout: FhirLayout }[] = [];
  for (const file of files) {
    const layout = await fhirLayout(file);
    if (layout) found.push({ file, layout });
  }
  return found.sort((a, b) => (a.file.name < b.file.name ? -1 : a.file.name > b.file.name ? 1 : 0));
}
